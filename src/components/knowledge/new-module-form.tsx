"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreateModuleRequest } from "@/contracts/knowledge/create-module";
import { MODULE_DESCRIPTION_MAX, MODULE_NAME_MAX } from "@/contracts/knowledge/knowledge-module";
import { ButtonLink } from "@/components/authoring/button-link";
import { fieldErrors } from "@/components/authoring/errors";
import { SelectField } from "@/components/authoring/select-field";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";

type TProps = {
  /** Domains where the person may manage knowledge. */
  domains: Array<{ id: string; name: string }>;
  /** Organization modules need an organization Owner or Admin. */
  canCreateOrgModule: boolean;
};

const LABELS = { name: "Name", description: "Description", domainId: "Domain" };

export function NewModuleForm({ domains, canCreateOrgModule }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [kind, setKind] = useState<"domain" | "org">(domains.length ? "domain" : "org");
  const [domainId, setDomainId] = useState(domains[0]?.id ?? "");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation(
    trpc.knowledge.createModule.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.knowledge.listModules.queryKey() });
        router.push(`/knowledge/modules/${created.id}`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateModuleRequest.safeParse({
      kind,
      ...(kind === "domain" ? { domainId: domainId || undefined } : {}),
      name,
      description: description.trim() ? description : null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card title="About the module" description="Add published articles to it afterwards.">
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight}>
        <div className={authoring.formGrid}>
          <SelectField
            label="Kind"
            name="kind"
            value={kind}
            hint={
              kind === "domain"
                ? "Takes articles of its domain's base and of the organization's base; agents of that domain can use it."
                : "Takes articles of the organization's base only; agents of every domain can use it."
            }
            onChange={(event) => setKind(event.target.value as "domain" | "org")}
          >
            <option value="domain" disabled={!domains.length}>
              Domain module
            </option>
            <option value="org" disabled={!canCreateOrgModule}>
              Organization module{canCreateOrgModule ? "" : " (owners and admins only)"}
            </option>
          </SelectField>
          {kind === "domain" ? (
            <SelectField
              label="Domain"
              name="domainId"
              value={domainId}
              error={errors.domainId}
              onChange={(event) => setDomainId(event.target.value)}
            >
              {domains.map((domain) => (
                <option key={domain.id} value={domain.id}>
                  {domain.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            className={authoring.full}
            label="Name"
            name="name"
            value={name}
            autoComplete="off"
            placeholder="e.g. Refund runbooks"
            hint={`Up to ${MODULE_NAME_MAX} characters.`}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextAreaField
            className={authoring.full}
            label="Description (optional)"
            name="description"
            value={description}
            rows={3}
            max={MODULE_DESCRIPTION_MAX}
            error={errors.description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        {create.isError ? (
          <Alert tone="error" title="The module was not created">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <ButtonLink href="/knowledge/modules">Cancel</ButtonLink>
          <Button type="submit" variant="primary" busy={create.isPending || create.isSuccess}>
            Create module
          </Button>
        </div>
      </form>
    </Card>
  );
}
