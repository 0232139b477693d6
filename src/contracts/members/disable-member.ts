import { z } from "zod";
import { ZMember } from "./member";

export const ZDisableMemberRequest = z.strictObject({ userId: z.uuid() });
export const ZDisableMemberResponse = z.object({ member: ZMember });

export type TDisableMemberRequest = z.infer<typeof ZDisableMemberRequest>;
