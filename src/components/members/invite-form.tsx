"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZInviteMemberRequest, type TInviteMemberResponse } from "@/contracts/members/invite-member";
import type { TListMembersResponse } from "@/contracts/members/list-members";
import { appErrorWithDetails, fieldErrors } from "@/components/authoring/errors";
import { SelectField } from "@/components/authoring/select-field";
import { DOMAIN_ROLE_LABEL, ORG_ROLE_LABEL, type TDomainRole, type TOrgRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { assignableRoles, type TViewer } from "./member-labels";
import styles from "./members.module.css";

const LABELS = { email: "Email", orgRole: "Organization role", domainRoles: "Domain roles" };
const DOMAIN_ROLES: readonly TDomainRole[] = ["OWNER", "EDITOR", "OPERATOR", "VIEWER"];

type TProps = {
  viewer: TViewer;
  domains: TListMembersResponse["domains"];
  onInvited: (result: TInviteMemberResponse) => void;
};

/** Validates with the contract the server applies; a refusal naming a field is shown on that field. */
export function InviteForm({ viewer, domains, onInvited }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [orgRole, setOrgRole] = useState<TOrgRole>("MEMBER");
  const [domainRoles, setDomainRoles] = useState<Record<string, TDomainRole | "">>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (result) => {
        onInvited(result);
        setEmail("");
        setOrgRole("MEMBER");
        setDomainRoles({});
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
      onError: (error) => {
        const field = appErrorWithDetails(error)?.details?.field;
        if (typeof field === "string" && Object.hasOwn(LABELS, field)) setErrors({ [field]: errorMessage(error) });
        else setFailure(errorMessage(error, "The invitation was not created. Try again in a moment."));
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const grants = Object.entries(domainRoles).flatMap(([domainId, role]) => (role ? [{ domainId, role }] : []));
    const parsed = ZInviteMemberRequest.safeParse({ email, orgRole, domainRoles: grants });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data);
  }

  return (
    <Card
      title="Invite a member"
      description="They get a link that works once for 7 days. Choose what they may do; you can change it later."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Invite a member" className={styles.stack}>
        <div className={styles.inviteGrid}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            value={email}
            error={errors.email}
            onChange={(change) => {
              setEmail(change.target.value);
              if (errors.email) setErrors(({ email: _email, ...rest }) => rest);
            }}
          />
          <SelectField
            label="Organization role"
            name="orgRole"
            value={orgRole}
            error={errors.orgRole}
            hint={
              orgRole === "MEMBER"
                ? "Sees the organization; works in the domains below."
                : "Manages members and settings."
            }
            onChange={(change) => setOrgRole(change.target.value as TOrgRole)}
          >
            {assignableRoles(viewer).map((role) => (
              <option key={role} value={role}>
                {ORG_ROLE_LABEL[role]}
              </option>
            ))}
          </SelectField>
        </div>
        {domains.length > 0 ? (
          <fieldset
            className={styles.domainGrid}
            aria-describedby={errors.domainRoles ? "invite-domains-error" : undefined}
          >
            <legend className={styles.domainLegend}>Domain roles (optional)</legend>
            {domains.map((domain) => (
              <SelectField
                key={domain.id}
                label={domain.name}
                value={domainRoles[domain.id] ?? ""}
                onChange={(change) =>
                  setDomainRoles((current) => ({ ...current, [domain.id]: change.target.value as TDomainRole | "" }))
                }
              >
                <option value="">No access</option>
                {DOMAIN_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {DOMAIN_ROLE_LABEL[role]}
                  </option>
                ))}
              </SelectField>
            ))}
          </fieldset>
        ) : null}
        {errors.domainRoles ? (
          <p id="invite-domains-error" role="alert" className={styles.readOnlyNote}>
            {errors.domainRoles}
          </p>
        ) : null}
        {failure ? (
          <Alert tone="error" title="The invitation was not created">
            {failure}
          </Alert>
        ) : null}
        <div className={styles.inviteActions}>
          <Button type="submit" variant="primary" busy={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
    </Card>
  );
}
