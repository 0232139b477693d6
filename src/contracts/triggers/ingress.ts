import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";

/**
 * The body a source system posts to an event trigger's ingress URL (service.http's
 * `webhook.received`): who acted, when, and the event's own data. Strict, like every body the
 * service owns: an unknown top-level or actor field is a 400 naming it.
 */
export const ZIngressEvent = z.strictObject({
  actor: z
    .strictObject({
      id: z.string().max(256).optional(),
      email: z.string().max(320).optional(),
      name: z.string().max(256).optional(),
    })
    .optional()
    .meta({
      description:
        "Who caused the event, as the source system knows them; filters can test `actor.id`, `actor.email`, `actor.name`.",
    }),
  occurredAt: ZIsoDateTime.optional().meta({
    description: "When the event happened; default: when the call was received.",
  }),
  payload: z
    .record(z.string(), z.unknown())
    .meta({ description: "The event's data, a JSON object; filters can test any dotted path below `payload`." }),
});
export type TIngressEvent = z.infer<typeof ZIngressEvent>;

export const ZIngressResponse = z.object({
  matched: z.boolean().meta({
    description: "false when the trigger's eventFilter did not match: nothing was started and nothing recorded.",
  }),
  firingId: z
    .uuid()
    .nullable()
    .meta({ description: "The run-history firing this call produced; null when the filter did not match." }),
});
export type TIngressResponse = z.infer<typeof ZIngressResponse>;
