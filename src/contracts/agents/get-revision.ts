import { z } from "zod";
import { ZRevisionDetail } from "./agent-detail";
import { ZAgentPathId } from "./setup";

export const ZGetRevisionRequest = z.strictObject({ id: ZAgentPathId, revision: z.int().min(1) });
export type TGetRevisionRequest = z.infer<typeof ZGetRevisionRequest>;

export const ZGetRevisionResponse = z.object({ revision: ZRevisionDetail });
export type TGetRevisionResponse = z.infer<typeof ZGetRevisionResponse>;
