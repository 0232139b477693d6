import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

/** How many pending approvals the inbox lists at once (oldest first: they expire first). */
export const APPROVALS_INBOX_MAX = 100;

/**
 * The console's approvals inbox (no OpenAPI route: console only): the pending approvals the
 * signed-in person may decide now, across every domain of the selected organization.
 */
export const ZListApprovalsRequest = z.strictObject({});
export type TListApprovalsRequest = z.infer<typeof ZListApprovalsRequest>;

export const ZInboxApproval = z.object({
  id: ZUuid,
  sessionId: ZUuid,
  sessionTitle: z.string(),
  sessionKind: z.enum(["domain", "personal"]),
  domain: z.object({ id: ZUuid, name: z.string() }),
  automation: z.object({ id: ZUuid, name: z.string(), kind: z.enum(["agent", "flow"]) }),
  /** The gated tool's wire name (service.http.post). */
  toolName: z.string(),
  /** Why the person may decide: the call runs on their own caller credential, or their domain role is an approver role. */
  reason: z.enum(["your_credential", "approver_role"]),
  requestedAt: z.iso.datetime(),
});
export type TInboxApproval = z.infer<typeof ZInboxApproval>;

export const ZListApprovalsResponse = z.object({
  approvals: z.array(ZInboxApproval),
  /** Every pending approval the person may decide (the list shows at most APPROVALS_INBOX_MAX). */
  total: z.int(),
});
export type TListApprovalsResponse = z.infer<typeof ZListApprovalsResponse>;
