"use client";

import { Button } from "@/components/ui/button";
import ui from "@/components/ui/ui.module.css";
import styles from "./connections.module.css";

export type TFieldRow = { key: number; name: string; value: string };

const MAX_FIELDS = 16;

/**
 * Named secret fields (e.g. an API key sent in a header) beside or instead of the token. The
 * service accepts only the names the integration declares and says which ones when refused.
 */
export function SecretFieldsEditor({
  rows,
  onChange,
  error,
}: {
  rows: TFieldRow[];
  onChange: (rows: TFieldRow[]) => void;
  error?: string;
}) {
  const set = (key: number, patch: Partial<TFieldRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className={styles.fields}>
      <legend className={ui.label}>Fields (optional)</legend>
      {rows.length === 0 ? (
        <p className={ui.hint}>
          Some integrations take named credentials, such as an API key header, instead of a token.
        </p>
      ) : null}
      {rows.map((row, index) => (
        <div key={row.key} className={styles.fieldRow}>
          <input
            className={ui.input}
            aria-label={`Field ${index + 1} name`}
            placeholder="api_key"
            value={row.name}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set(row.key, { name: event.target.value })}
          />
          <input
            className={ui.input}
            aria-label={`Field ${index + 1} value`}
            type="password"
            placeholder="Secret value"
            value={row.value}
            autoComplete="off"
            onChange={(event) => set(row.key, { value: event.target.value })}
          />
          <Button
            size="small"
            variant="ghost"
            aria-label={`Remove field ${index + 1}`}
            onClick={() => onChange(rows.filter((candidate) => candidate.key !== row.key))}
          >
            Remove
          </Button>
        </div>
      ))}
      {error ? <p className={ui.fieldError}>{error}</p> : null}
      <div>
        <Button
          size="small"
          disabled={rows.length >= MAX_FIELDS}
          onClick={() => onChange([...rows, { key: Date.now() + rows.length, name: "", value: "" }])}
        >
          Add field
        </Button>
      </div>
    </fieldset>
  );
}
