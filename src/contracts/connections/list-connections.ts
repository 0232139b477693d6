import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZConnection } from "./connection";

export const ZListConnectionsRequest = z.strictObject({ domainId: ZUuid });
export const ZListConnectionsResponse = z.object({ connections: z.array(ZConnection) });

export type TListConnectionsRequest = z.infer<typeof ZListConnectionsRequest>;
