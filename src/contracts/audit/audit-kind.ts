import { z } from "zod";

/**
 * The audit log's kinds, one per thing a person can do that an Owner may later ask about, grouped
 * by the area the log's filter offers. A kind is never renamed or removed: stored entries keep it.
 */
export const AUDIT_AREAS = {
  members: {
    label: "Members",
    kinds: {
      "member.invited": "Member invited",
      "member.invitation_revoked": "Invitation revoked",
      "member.joined": "Member joined",
      "member.role_changed": "Member role changed",
      "member.disabled": "Member disabled",
      "member.enabled": "Member enabled",
      "member.removed": "Member removed",
      "member.password_reset_sent": "Password reset sent",
      "member.password_changed": "Password changed",
    },
  },
  domains: {
    label: "Domains",
    kinds: {
      "domain.created": "Domain created",
      "domain.renamed": "Domain renamed",
      "domain.archived": "Domain archived",
      "domain.restored": "Domain restored",
      "domain.member_added": "Domain member added",
      "domain.member_role_changed": "Domain role changed",
      "domain.member_removed": "Domain member removed",
    },
  },
  keys: {
    label: "API keys",
    kinds: { "api_key.created": "API key created", "api_key.revoked": "API key revoked" },
  },
  connections: {
    label: "Connections",
    kinds: { "connection.created": "Connection created", "connection.deleted": "Connection deleted" },
  },
  automations: {
    label: "Agents and flows",
    kinds: {
      "agent.published": "Agent published",
      "agent.restored": "Agent restored",
      "flow.published": "Flow published",
      "flow.restored": "Flow restored",
    },
  },
  triggers: {
    label: "Triggers",
    kinds: {
      "trigger.created": "Trigger created",
      "trigger.activated": "Trigger activated",
      "trigger.deactivated": "Trigger deactivated",
      "trigger.subscribed": "Subscriber added",
      "trigger.unsubscribed": "Subscriber removed",
    },
  },
  settings: {
    label: "Settings",
    kinds: { "settings.changed": "Settings changed", "rollout.changed": "Feature rollout changed" },
  },
} as const;

type TAreas = typeof AUDIT_AREAS;
export type TAuditArea = keyof TAreas;
export type TAuditKind = { [A in TAuditArea]: keyof TAreas[A]["kinds"] }[TAuditArea];

export const AUDIT_AREA_NAMES = Object.keys(AUDIT_AREAS) as [TAuditArea, ...TAuditArea[]];
export const AUDIT_KINDS = AUDIT_AREA_NAMES.flatMap((area) => Object.keys(AUDIT_AREAS[area].kinds)) as [
  TAuditKind,
  ...TAuditKind[],
];

/** The kinds of one area, for a filter on the area as a whole. */
export function kindsOfArea(area: TAuditArea): TAuditKind[] {
  return Object.keys(AUDIT_AREAS[area].kinds) as TAuditKind[];
}

export const ZAuditKind = z.enum(AUDIT_KINDS, { message: "is not a kind of the audit log" });
export const ZAuditArea = z.enum(AUDIT_AREA_NAMES, { message: "is not an area of the audit log" });
