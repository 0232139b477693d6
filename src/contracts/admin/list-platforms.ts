import { z } from "zod";
import { ZPlatform } from "./platform";

export const ZListPlatformsResponse = z.object({ platforms: z.array(ZPlatform) });

export type TListPlatformsResponse = z.infer<typeof ZListPlatformsResponse>;
