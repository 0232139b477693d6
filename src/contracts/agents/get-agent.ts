import { z } from "zod";
import { ZAgentDetail } from "./agent-detail";
import { ZAgentPathId } from "./setup";

export const ZGetAgentRequest = z.strictObject({ id: ZAgentPathId });
export type TGetAgentRequest = z.infer<typeof ZGetAgentRequest>;

export const ZGetAgentResponse = z.object({ agent: ZAgentDetail });
export type TGetAgentResponse = z.infer<typeof ZGetAgentResponse>;
