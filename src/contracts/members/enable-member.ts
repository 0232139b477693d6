import { z } from "zod";
import { ZMember } from "./member";

export const ZEnableMemberRequest = z.strictObject({ userId: z.uuid() });
export const ZEnableMemberResponse = z.object({ member: ZMember });

export type TEnableMemberRequest = z.infer<typeof ZEnableMemberRequest>;
