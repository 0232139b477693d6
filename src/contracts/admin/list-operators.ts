import { z } from "zod";
import { ZOperator } from "./operator";

export const ZListOperatorsResponse = z.object({ operators: z.array(ZOperator) });

export type TListOperatorsResponse = z.infer<typeof ZListOperatorsResponse>;
