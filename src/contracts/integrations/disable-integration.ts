import { z } from "zod";

/** Console only: mark a custom integration unavailable (hidden, 404 on read; never deleted). */
export const ZDisableIntegrationRequest = z.strictObject({ id: z.string().min(1).max(64) });

export const ZDisableIntegrationResponse = z.object({ id: z.string(), disabledAt: z.string() });

export type TDisableIntegrationRequest = z.infer<typeof ZDisableIntegrationRequest>;
export type TDisableIntegrationResponse = z.infer<typeof ZDisableIntegrationResponse>;
