import { z } from "zod";

/** What the create form offers for event triggers: sources, their events, and the rollout. */
export const ZEventCatalogRequest = z.strictObject({});

export const ZEventCatalogResponse = z.object({
  enabled: z.boolean().meta({ description: "Whether event triggers are rolled out to this organization." }),
  sources: z.array(
    z.object({
      integrationId: z.string(),
      name: z.string(),
      events: z.array(
        z.object({
          type: z.string(),
          description: z.string(),
          actorFields: z.array(z.string()),
          payloadPaths: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type TEventCatalogResponse = z.infer<typeof ZEventCatalogResponse>;
