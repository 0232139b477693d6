import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZAssistantPathId } from "./worker";

// GET/PUT /oauth-apps and PUT /oauth-apps/idp/state (spec 4.8; camelCase on the wire as the spec lists).

const OAUTH_APPS_401 = "Missing, invalid or revoked partner key, or a credential of another kind (UNAUTHORIZED).";
const OAUTH_APPS_403 =
  "X-Service-Subject is missing or does not name a vouched worker of this customer whose organization role is Owner or Admin (FORBIDDEN).";
const OAUTH_APPS_404 = "No customer organization of this platform with this id (NOT_FOUND).";

const ZAppField = z.object({
  key: z.string().meta({ description: "The key to use in `values`." }),
  label: z.string(),
  secret: z.boolean().meta({ description: "Write-only: never returned, only a hint." }),
  required: z.boolean(),
});

export const ZOAuthApps = z
  .object({
    apps: z.array(
      z.object({
        id: z.string().meta({ description: "The appId for PUT /oauth-apps." }),
        name: z.string(),
        fields: z.array(ZAppField),
      }),
    ),
    state: z.enum(["managed", "byok"]).meta({
      description: "`managed`: connect links use the service's own apps (default); `byok`: the customer's own app.",
    }),
    configured: z
      .object({
        appId: z.string(),
        values: z.record(z.string(), z.string()).meta({ description: "Non-secret values." }),
        clientSecretHint: z.string().nullable().meta({ description: "The secret's last 4 characters." }),
      })
      .nullable()
      .meta({ description: "The customer's own app, or null when none is set." }),
    redirectUri: z
      .string()
      .meta({ description: "The redirect URI to register with the identity provider for the customer's own app." }),
  })
  .meta({ id: "OAuthApps" });

const common = { tags: ["Assistant connections"], security: ["partnerKey"] };

export const getOAuthAppsMeta = routeMeta({
  ...common,
  surface: "partner-v1",
  examples: {
    response: {
      apps: [
        {
          id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          name: "Support triage",
          fields: [{ key: "clientId", label: "Client ID", secret: false, required: true }],
        },
      ],
      state: "managed",
      configured: { appId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", values: {}, clientSecretHint: "…9c1d" },
      redirectUri: "https://agents.example.com/api/oauth/callback",
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/oauth-apps",
  summary: "Read the customer's OAuth apps",
  description:
    "The apps a customer can bring (with their field keys), its own app if set (secret only as a hint), which side connect links use, and the redirect URI. Needs `X-Service-Subject` naming an organization admin worker.",
  errors: { 401: OAUTH_APPS_401, 403: OAUTH_APPS_403, 404: OAUTH_APPS_404 },
});
export const ZGetOAuthAppsRequest = z.strictObject({ orgId: ZAssistantPathId });

export const putOAuthAppMeta = routeMeta({
  idempotency: "optional",
  ...common,
  surface: "partner-v1",
  examples: {
    request: { appId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", values: {} },
    response: {
      apps: [
        {
          id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
          name: "Support triage",
          fields: [{ key: "clientId", label: "Client ID", secret: false, required: true }],
        },
      ],
      state: "managed",
      configured: { appId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9", values: {}, clientSecretHint: "…9c1d" },
      redirectUri: "https://agents.example.com/api/oauth/callback",
    },
  },
  method: "PUT",
  path: "/organizations/{orgId}/oauth-apps",
  summary: "Set the customer's own OAuth app",
  description:
    "Sets (replaces) the customer's own provider client: `appId` and the keys of `values` come from `apps`; every required field is needed; the secret is stored encrypted and is write-only. Does not select it (PUT /oauth-apps/idp/state). Needs an organization admin worker. Accepts Idempotency-Key.",
  errors: {
    400: "Unknown appId, unknown or missing values (VALIDATION).",
    401: OAUTH_APPS_401,
    403: OAUTH_APPS_403,
    404: OAUTH_APPS_404,
    409: "Idempotency-Key reused or in progress.",
  },
});
export const ZPutOAuthAppRequest = z.strictObject({
  orgId: ZAssistantPathId,
  appId: z.string().max(40),
  values: z.record(z.string(), z.string().max(4000)),
});

export const putOAuthStateMeta = routeMeta({
  idempotency: "optional",
  ...common,
  surface: "partner-v1",
  examples: {
    request: { state: "byok" },
    response: {
      apps: [
        {
          id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          name: "Support triage",
          fields: [{ key: "clientId", label: "Client ID", secret: false, required: true }],
        },
      ],
      state: "managed",
      configured: { appId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", values: {}, clientSecretHint: "…9c1d" },
      redirectUri: "https://agents.example.com/api/oauth/callback",
    },
  },
  method: "PUT",
  path: "/organizations/{orgId}/oauth-apps/idp/state",
  summary: "Choose which OAuth app connect links use",
  description:
    "`byok` selects the customer's own app (409 while none is set); `managed` returns to the service's own apps. New connect links follow it; existing connections keep the app that made them. Needs an organization admin worker. Accepts Idempotency-Key.",
  errors: {
    400: "A state other than byok or managed (VALIDATION).",
    401: OAUTH_APPS_401,
    403: OAUTH_APPS_403,
    404: OAUTH_APPS_404,
    409: "No own app set yet (CONFLICT), or Idempotency-Key reused or in progress.",
  },
});
export const ZPutOAuthStateRequest = z.strictObject({ orgId: ZAssistantPathId, state: z.enum(["byok", "managed"]) });
