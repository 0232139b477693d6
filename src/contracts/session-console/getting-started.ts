import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

export const ZGettingStartedRequest = z.strictObject({});

/**
 * The Overview's first steps for the signed-in person, each from real state: their personal API
 * keys, the published agents of their domains, the sessions opened through the API, and runs
 * that completed. Ids let the page print a ready call and link to what to watch.
 */
export const ZGettingStartedResponse = z.object({
  activeKeys: z.int(),
  publishedAgents: z.int(),
  /**
   * A published agent of a domain the person may run agents in, for the ready call: the newest
   * one that needs no caller credentials, else the newest, with the integrations it binds as
   * caller_required (the call must carry `callerCredentials` for them or it is refused).
   */
  agent: z
    .object({ id: ZUuid, name: z.string(), domainId: ZUuid, callerRequiredIntegrations: z.array(z.string()) })
    .nullable(),
  /** A domain where the person may create agents, for the "create an agent" link. */
  editableDomainId: ZUuid.nullable(),
  apiSessions: z.int(),
  /** The newest session the person opened through the API, to watch. */
  latestApiSessionId: ZUuid.nullable(),
  completedRuns: z.int(),
});
export type TGettingStartedResponse = z.infer<typeof ZGettingStartedResponse>;
