import { z } from "zod";
import { ZAdminFollower } from "./follower";

export const ZListFollowersRequest = z.strictObject({ platformId: z.uuid() });
export const ZListFollowersResponse = z.object({ followers: z.array(ZAdminFollower) });

export type TListFollowersRequest = z.infer<typeof ZListFollowersRequest>;
export type TListFollowersResponse = z.infer<typeof ZListFollowersResponse>;
