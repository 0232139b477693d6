import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZAgentSummary } from "./agent-detail";

export const ZListAgentsRequest = z.strictObject({ domainId: ZUuid });
export type TListAgentsRequest = z.infer<typeof ZListAgentsRequest>;

export const ZListAgentsResponse = z.object({ agents: z.array(ZAgentSummary) });
export type TListAgentsResponse = z.infer<typeof ZListAgentsResponse>;
