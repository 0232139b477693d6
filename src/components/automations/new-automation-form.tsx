"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { errorMessage } from "@/client/app-error";
import { ButtonLink } from "@/components/authoring/button-link";
import { fieldErrors } from "@/components/authoring/errors";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import authoring from "@/components/authoring/authoring.module.css";

const LABELS = { name: "Name", description: "Description" };

type TCreateRequest = { domainId: string; name: string; description?: string | null };

type TProps<TRequest extends TCreateRequest> = {
  noun: "agent" | "flow";
  domainId: string;
  /** The card's description under "About the <noun>". */
  about: string;
  namePlaceholder: string;
  nameMax: number;
  descriptionMax: number;
  descriptionRows: number;
  descriptionHint?: string;
  cancelHref: string;
  /** The kind's create contract: the form validates with it before sending. */
  schema: z.ZodType<TRequest>;
  /** The kind's create mutation (it navigates to the new draft on success). */
  create: {
    mutate: (input: TRequest) => void;
    isPending: boolean;
    isSuccess: boolean;
    isError: boolean;
    error: unknown;
  };
};

/** Name and description only: an agent's Setup or a flow's steps are written in the editor the form leads to. */
export function NewAutomationForm<TRequest extends TCreateRequest>(props: TProps<TRequest>) {
  const { noun, domainId, create } = props;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = props.schema.safeParse({ domainId, name, description: description.trim() ? description : null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, LABELS));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  return (
    <Card title={`About the ${noun}`} description={props.about}>
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight}>
        <TextField
          label="Name"
          name="name"
          value={name}
          autoComplete="off"
          placeholder={props.namePlaceholder}
          hint={`Up to ${props.nameMax} characters.`}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors(({ name: _name, ...rest }) => rest);
          }}
        />
        <TextAreaField
          label="Description (optional)"
          name="description"
          value={description}
          rows={props.descriptionRows}
          max={props.descriptionMax}
          hint={props.descriptionHint}
          error={errors.description}
          onChange={(event) => {
            setDescription(event.target.value);
            if (errors.description) setErrors(({ description: _description, ...rest }) => rest);
          }}
        />
        {create.isError ? (
          <Alert tone="error" title={`The ${noun} was not created`}>
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <ButtonLink href={props.cancelHref}>Cancel</ButtonLink>
          <Button type="submit" variant="primary" busy={create.isPending || create.isSuccess}>
            {`Create ${noun}`}
          </Button>
        </div>
      </form>
    </Card>
  );
}
