import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";

/**
 * An id taken from the URL path. Not validated as a UUID here: a malformed id names nothing,
 * so the service answers it with the same 404 as an unknown or other-organization id.
 */
export const ZPathId = z.string().max(200).meta({ format: "uuid", description: "UUID of the resource." });

export const ZKnowledgeBase = z.object({
  id: z.uuid(),
  /** `org`: the organization's base; `domain`: one domain's base. */
  scope: z.enum(["org", "domain"]),
  domainId: z.uuid().nullable(),
  name: z.string(),
  articleCount: z.number().int(),
  publishedCount: z.number().int(),
  /** Whether the caller may create, edit and publish articles here. */
  canManage: z.boolean(),
  createdAt: ZIsoDateTime,
});

export type TKnowledgeBase = z.infer<typeof ZKnowledgeBase>;
