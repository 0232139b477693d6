import { z } from "zod";
import { consoleRunRequest } from "@/contracts/common/console-run";
import { ZUuid } from "@/contracts/common/ids";
import { ZIngressEvent } from "./ingress";
import { ZFiringResultEntry } from "./run-history";

/**
 * The console's "Fire now" (source manual). A schedule trigger fires with its stored input;
 * an API trigger with `input` (default {}); an event trigger with a sample `event`, delivered
 * as an ingress call would deliver it (the event filter is not applied). Strict: the console
 * never takes callerCredentials (spec 5 rule 7).
 */
export const ZFireNowRequest = consoleRunRequest({
  triggerId: ZUuid,
  input: z.record(z.string(), z.json()).optional(),
  event: ZIngressEvent.optional(),
});
export type TFireNowRequest = z.infer<typeof ZFireNowRequest>;

/** A run-history result as it stands right after the firing (no flow run id is needed to link it). */
export const ZFireNowResult = ZFiringResultEntry.omit({ flowRunId: true });
export type TFireNowResult = z.infer<typeof ZFireNowResult>;

export const ZFireNowResponse = z.object({ firingId: ZUuid, results: z.array(ZFireNowResult) });
export type TFireNowResponse = z.infer<typeof ZFireNowResponse>;
