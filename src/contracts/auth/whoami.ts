import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";

export const whoamiMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      user: { id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", email: "ops@acme.example", name: "Jane Doe" },
      organization: { id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", name: "Acme Support", role: "OWNER" },
      credential: { kind: "api_key", expiresAt: "2026-03-14T10:30:00.000Z" },
    },
  },
  method: "GET",
  path: "/auth/whoami",
  summary: "Who a credential acts as",
  description:
    "Answers with the user and organization a personal API key (`yk_`) or access token (`yku_`) acts as, read from current membership. Use it to check a credential before calling other routes.",
  tags: ["Auth"],
  security: ["apiKey", "userToken"],
  successStatus: 200,
  errors: {
    404: "Missing, invalid, expired or revoked credential, or its user is disabled or no longer a member (NOT_FOUND).",
  },
});

export const ZWhoamiRequest = z.void();

export const ZWhoamiResponse = z
  .object({
    user: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
    organization: z.object({ id: z.uuid(), name: z.string(), role: z.enum(["OWNER", "ADMIN", "MEMBER"]) }),
    credential: z.object({
      kind: z.enum(["api_key", "user_token"]),
      expiresAt: ZIsoDateTime.nullable().meta({
        description: "When the credential stops working; null for API keys, which last until revoked.",
      }),
    }),
  })
  .meta({ id: "Whoami" });

export type TWhoamiResponse = z.infer<typeof ZWhoamiResponse>;
