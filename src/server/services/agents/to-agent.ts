import type { TAgent } from "@/contracts/agents/setup";

export const AGENT_SELECT = { id: true, domainId: true, name: true, description: true } as const;

export function toAgent(row: { id: string; domainId: string; name: string; description: string | null }): TAgent {
  return { id: row.id, domainId: row.domainId, name: row.name, description: row.description, kind: "agent" };
}

/** A blank description is no description: stored and returned as null. */
export function normalizeDescription(description: string | null | undefined): string | null {
  return description ? description : null;
}
