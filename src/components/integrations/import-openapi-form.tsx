"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import ui from "@/components/ui/ui.module.css";
import authoring from "@/components/authoring/authoring.module.css";
import { ImportResult } from "./import-result";
import styles from "./integrations.module.css";

const DOCUMENT_MAX = 5_000_000;

type TErrors = { document?: string; name?: string; baseUrl?: string };

function check(document: string, name: string, baseUrl: string): TErrors {
  const errors: TErrors = {};
  if (!document.trim()) errors.document = "Paste an OpenAPI document or choose a .json file.";
  else if (document.length > DOCUMENT_MAX) errors.document = "The document is larger than 5 MB.";
  else {
    try {
      const parsed: unknown = JSON.parse(document);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
        errors.document = "The document must be a JSON object.";
    } catch (error) {
      errors.document = `This is not valid JSON (${error instanceof Error ? error.message : "parse error"}). YAML is not accepted; convert it to JSON first.`;
    }
  }
  if (name.trim().length > 120) errors.name = "Name must be at most 120 characters.";
  if (baseUrl.trim() && !/^https?:\/\//i.test(baseUrl.trim()))
    errors.baseUrl = "Give an absolute http:// or https:// URL.";
  return errors;
}

/** OpenAPI 3.0/3.1 JSON, pasted or from a file; each operation becomes a tool. */
export function ImportOpenApiForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [document, setDocument] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [errors, setErrors] = useState<TErrors>({});
  const importOpenApi = useMutation(
    trpc.integrations.importOpenApi.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() }),
    }),
  );

  // Detached by the file input (React does not await an event handler); it reports its own failures.
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > DOCUMENT_MAX) {
      setErrors({ document: "The file is larger than 5 MB." });
      return;
    }
    setDocument(await file.text());
    setFileName(file.name);
    setErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(document, name, baseUrl);
    setErrors(found);
    if (Object.keys(found).length) return;
    importOpenApi.mutate({
      document,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    });
  }

  if (importOpenApi.isSuccess) {
    return (
      <ImportResult
        result={importOpenApi.data}
        onAnother={() => {
          importOpenApi.reset();
          setDocument("");
          setFileName(null);
          setName("");
          setBaseUrl("");
        }}
      />
    );
  }

  return (
    <Card
      title="OpenAPI document"
      description="OpenAPI 3.0 or 3.1, as JSON. Every operation with a JSON body (or none) becomes a tool; header API keys become credential fields."
    >
      <form onSubmit={onSubmit} noValidate className={authoring.stackTight}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={fileId}>
            Upload a .json file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".json,application/json"
            className={styles.file}
            onChange={(event) => detach(onFile(event), "OpenAPI import: reading a file")}
          />
          {fileName ? <p className={ui.hint}>Loaded {fileName} into the field below.</p> : null}
        </div>
        <TextAreaField
          label="Document (JSON)"
          name="document"
          rows={14}
          monospace
          spellCheck={false}
          value={document}
          placeholder='{ "openapi": "3.1.0", "info": { "title": "…" }, "paths": { … } }'
          hint="Or paste the document here."
          error={errors.document}
          onChange={(event) => {
            setDocument(event.target.value);
            setFileName(null);
            if (errors.document) setErrors(({ document: _document, ...rest }) => rest);
          }}
        />
        <div className={authoring.formGrid}>
          <TextField
            label="Name (optional)"
            name="name"
            value={name}
            autoComplete="off"
            hint="Defaults to the document's info.title. It also makes the integration's id."
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Base URL (optional)"
            name="baseUrl"
            value={baseUrl}
            autoComplete="off"
            placeholder="https://api.example.com/v1"
            hint="Defaults to the document's first server."
            error={errors.baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </div>
        {importOpenApi.isError ? (
          <Alert tone="error" title="Nothing was imported">
            {errorMessage(importOpenApi.error)}
          </Alert>
        ) : null}
        <div className={authoring.formActions}>
          <Button type="submit" variant="primary" busy={importOpenApi.isPending}>
            Import integration
          </Button>
        </div>
      </form>
    </Card>
  );
}
