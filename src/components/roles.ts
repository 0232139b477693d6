import type { TBadgeTone } from "@/components/ui/badge";

export type TOrgRole = "OWNER" | "ADMIN" | "MEMBER";
export type TDomainRole = "OWNER" | "EDITOR" | "OPERATOR" | "VIEWER";

export const ORG_ROLE_LABEL: Record<TOrgRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };

export const DOMAIN_ROLE_LABEL: Record<TDomainRole, string> = {
  OWNER: "Owner",
  EDITOR: "Editor",
  OPERATOR: "Operator",
  VIEWER: "Viewer",
};

/** Roles that can change things stand out; read-only ones stay quiet. */
export const DOMAIN_ROLE_TONE: Record<TDomainRole, TBadgeTone> = {
  OWNER: "brand",
  EDITOR: "brand",
  OPERATOR: "neutral",
  VIEWER: "neutral",
};
