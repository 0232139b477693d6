/**
 * MCP tool names for agents (docs/decisions.md, "MCP endpoint"). Assistant clients remember
 * tool names across conversations, so a name must not change when unrelated agents are
 * published, unpublished or created later: names are assigned over every agent of the
 * organization (drafts included) in creation order, and only a rename or a deletion of an
 * older namesake moves a name.
 */

export const TOOL_NAME_MAX = 64;
const FALLBACK_BASE = "agent";

/** "Échó: Support (EU)" -> "echo_support_eu"; [a-z0-9_] only, never empty. */
export function toolNameBase(agentName: string): string {
  const slug = agentName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return slug || FALLBACK_BASE;
}

/** The base cut so that the suffix still fits in 64 characters (no trailing underscore). */
function withSuffix(base: string, suffix: string): string {
  const room = TOOL_NAME_MAX - suffix.length;
  return `${base.slice(0, room).replace(/_+$/, "") || FALLBACK_BASE}${suffix}`;
}

export type TNamedAgent = { id: string; name: string; createdAt: Date };

/**
 * Unique names for the organization's agents: the first agent (by creation, then id) with a
 * base gets it as is, later ones `<base>_2`, `<base>_3`, ... skipping any name already taken.
 */
export function assignToolNames(agents: readonly TNamedAgent[]): Map<string, string> {
  const ordered = [...agents].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const agent of ordered) {
    const base = toolNameBase(agent.name);
    let candidate = withSuffix(base, "");
    for (let n = 2; taken.has(candidate); n++) candidate = withSuffix(base, `_${n}`);
    taken.add(candidate);
    names.set(agent.id, candidate);
  }
  return names;
}
