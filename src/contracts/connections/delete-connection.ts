import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

export const ZDeleteConnectionRequest = z.strictObject({ id: ZUuid });
export const ZDeleteConnectionResponse = z.object({ id: ZUuid });

export type TDeleteConnectionRequest = z.infer<typeof ZDeleteConnectionRequest>;
