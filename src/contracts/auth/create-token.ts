import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";

export const createTokenMeta = routeMeta({
  surface: "v1",
  examples: {
    request: {},
    response: { token: "yku_9f2c4e1a7b3d5f6e8a0c2b4d6f8e0a1c", expiresAt: "2026-03-14T10:30:00.000Z" },
  },
  method: "POST",
  path: "/auth/token",
  summary: "Mint a short-lived user access token",
  description:
    "Browser session cookie only; personal API keys are refused. The token (prefix `yku_`) is valid for one hour and represents the session's user and selected organization at issue time. It authenticates the authoring and knowledge routes.",
  tags: ["Auth"],
  security: ["sessionCookie"],
  successStatus: 200,
  errors: {
    401: "The service_session cookie is missing or invalid, or the session has no selected organization (UNAUTHORIZED).",
  },
});

/** The route takes no body; a body with any field is refused like every strict body. */
export const ZCreateTokenRequest = z.strictObject({});

export const ZCreateTokenResponse = z
  .object({
    token: z
      .string()
      .startsWith("yku_")
      .meta({ description: "The access token; send it as `Authorization: Bearer <token>`." }),
    expiresAt: ZIsoDateTime.meta({ description: "When the token stops working: one hour after issue." }),
  })
  .meta({ id: "AccessToken" });

export type TCreateTokenResponse = z.infer<typeof ZCreateTokenResponse>;
