import { z } from "zod";
import { isUuid, ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { ZAuditArea, ZAuditKind } from "./audit-kind";

export const AUDIT_PAGE_MAX = 100;

/** Entries made by no person of the organization: the service itself, a partner platform or app. */
export const SERVICE_ACTOR = "service";

export const ZListAuditEntriesRequest = z.strictObject({
  /** A person's user id, or "service" for entries no person made (service, partner). */
  actor: z
    .string()
    .refine((value) => value === SERVICE_ACTOR || isUuid(value), { message: 'must be a person\'s id or "service"' })
    .optional(),
  kind: ZAuditKind.optional(),
  area: ZAuditArea.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(500).optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  /** Sent by the console's infinite query (tRPC adds it); the log pages only forward. */
  direction: z.enum(["forward", "backward"]).optional(),
});
export type TListAuditEntriesRequest = z.input<typeof ZListAuditEntriesRequest>;

export const ZAuditEntry = z.object({
  id: ZUuid,
  createdAt: ZIsoDateTime,
  /** The person's id when a person of the service acted, else null. */
  actorUserId: ZUuid.nullable(),
  /** Who acted, as they were named then: "Ada Lovelace <ada@example.com>", "Partner platform …". */
  actorLabel: z.string(),
  /** One of ZAuditKind (a string here, so an entry of a kind added later never breaks the page). */
  kind: z.string(),
  summary: z.string(),
  subject: z.object({ type: z.string(), id: z.string().nullable() }),
  /** The console page of the subject when it still has one (agent, flow, trigger, connection's domain). */
  href: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListAuditEntriesResponse = z.object({
  entries: z.array(ZAuditEntry),
  nextCursor: z.string().nullable(),
});
export type TListAuditEntriesResponse = z.infer<typeof ZListAuditEntriesResponse>;
