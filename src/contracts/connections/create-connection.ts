import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZConnection, ZSecretFields, ZSecretValue } from "./connection";

export const ZCreateConnectionRequest = z
  .strictObject({
    domainId: ZUuid,
    integrationId: z.string().min(1).max(64),
    name: z.string().trim().min(1, "must not be blank").max(120, "must be at most 120 characters"),
    token: ZSecretValue.optional(),
    fields: ZSecretFields.optional(),
  })
  .refine((input) => input.token !== undefined || input.fields !== undefined, {
    message: "Give a token, fields, or both",
    path: ["token"],
  });

export const ZCreateConnectionResponse = z.object({ connection: ZConnection });

export type TCreateConnectionRequest = z.infer<typeof ZCreateConnectionRequest>;
