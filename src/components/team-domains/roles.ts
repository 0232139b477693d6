import type { TTeamDomain } from "@/contracts/team-domains/team-domain";

export type TRole = NonNullable<TTeamDomain["myRole"]>;

/** The four domain roles, as people read them, strongest first. */
export const ROLES: Array<{ value: TRole; label: string; what: string }> = [
  { value: "OWNER", label: "Owner", what: "authors, runs and manages the domain and its members" },
  { value: "EDITOR", label: "Editor", what: "authors agents, flows, connections and knowledge, and runs them" },
  { value: "OPERATOR", label: "Operator", what: "runs agents and flows and answers approvals" },
  { value: "VIEWER", label: "Viewer", what: "reads sessions and settings" },
];

export const roleLabel = (role: TRole | null) => ROLES.find((entry) => entry.value === role)?.label ?? "None";
