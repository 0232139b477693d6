import { z } from "zod";
import { ZKnowledgeBase } from "./knowledge-base";

/** The organization's base first, then the bases of the domains the caller belongs to. */
export const ZListBasesResponse = z.object({ bases: z.array(ZKnowledgeBase) });

export type TListBasesResponse = z.infer<typeof ZListBasesResponse>;
