import type { TConnection } from "@/contracts/connections/connection";

export const CONNECTION_SELECT = {
  id: true,
  domainId: true,
  name: true,
  integrationId: true,
  secretHint: true,
  createdAt: true,
} as const;

type TConnectionRow = {
  id: string;
  domainId: string;
  name: string;
  integrationId: string;
  secretHint: string;
  createdAt: Date;
};

export function toConnection(row: TConnectionRow): TConnection {
  return {
    id: row.id,
    domainId: row.domainId,
    name: row.name,
    integrationId: row.integrationId,
    secretHint: row.secretHint,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The decrypted material of a connection, as the engine hands it to a tool. */
export type TConnectionSecret = { token?: string; fields?: Record<string, string> };

// Only long secrets show their last four characters; for short ones that would be too much.
const tail = (value: string) => (value.length >= 16 ? `…${value.slice(-4)}` : "…");

/** What the console may show about a secret: its shape and a few trailing characters, never enough to use. */
export function secretHint(secret: TConnectionSecret): string {
  const parts: string[] = [];
  if (secret.token !== undefined) parts.push(`token ${tail(secret.token)}`);
  for (const [name, value] of Object.entries(secret.fields ?? {})) parts.push(`${name} ${tail(value)}`);
  return parts.join(", ").slice(0, 500);
}
