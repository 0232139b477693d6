"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/client/trpc";
import { ZAddDomainMemberRequest } from "@/contracts/team-domains/add-domain-member";
import type { TListDomainMembersResponse } from "@/contracts/team-domains/list-domain-members";
import { fieldErrors } from "@/components/authoring/errors";
import { SelectField } from "@/components/authoring/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { refusalOn } from "./field-error";
import { ROLES } from "./roles";
import styles from "./team-domains.module.css";
import { useRefreshDomains } from "./use-refresh-domains";

const LABELS = { userId: "Person", role: "Role" };

/** Gives an active member of the organization a role in the domain. */
export function AddMemberForm({
  domainId,
  candidates,
}: {
  domainId: string;
  candidates: TListDomainMembersResponse["candidates"];
}) {
  const trpc = useTRPC();
  const refresh = useRefreshDomains();
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const add = useMutation(
    trpc.teamDomains.addMember.mutationOptions({
      onSuccess: async () => {
        setUserId("");
        setRole("");
        await refresh();
      },
      onError: (error) => {
        const refusal = refusalOn(error, ["userId", "role"]);
        if (refusal.field) setErrors({ [refusal.field]: refusal.message });
        else setFormError(refusal.message);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!userId) {
      setErrors({ userId: "Choose a person to add." });
      return;
    }
    const parsed = ZAddDomainMemberRequest.safeParse({ domainId, userId, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  }

  return (
    <Card
      title="Add a member"
      description="Anyone active in the organization can be given a role here. Invite new people under Members first."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <SelectField
            className={styles.grow}
            label="Person"
            name="userId"
            value={userId}
            error={errors.userId}
            onChange={(event) => {
              setUserId(event.target.value);
              setErrors(({ userId: _, ...rest }) => rest);
            }}
          >
            <option value="">Choose a person…</option>
            {candidates.map((candidate) => (
              <option key={candidate.userId} value={candidate.userId}>
                {candidate.name} ({candidate.email})
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Role"
            name="role"
            value={role}
            error={errors.role}
            onChange={(event) => {
              setRole(event.target.value);
              setErrors(({ role: _, ...rest }) => rest);
            }}
          >
            <option value="">Choose a role…</option>
            {ROLES.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}: {entry.what}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="primary" className={styles.inlineButton} busy={add.isPending}>
            Add member
          </Button>
        </div>
        {formError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The member was not added">
              {formError}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
