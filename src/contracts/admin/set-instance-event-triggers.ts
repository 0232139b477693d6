import { z } from "zod";

export const ZSetInstanceEventTriggersRequest = z.strictObject({
  enabled: z.boolean({ message: "must be true or false" }),
});
export type TSetInstanceEventTriggersRequest = z.infer<typeof ZSetInstanceEventTriggersRequest>;

export const ZSetInstanceEventTriggersResponse = z.object({ instanceEnabled: z.boolean() });
export type TSetInstanceEventTriggersResponse = z.infer<typeof ZSetInstanceEventTriggersResponse>;
