import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZConnectionPath } from "./connections";
import { ASSISTANT_401, ASSISTANT_WORKER_404 } from "./worker";

export const startConnectionMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { return_to: "https://app.acme.example/settings/connections" },
    response: {
      authorize_url:
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234.apps.googleusercontent.com&state=st_8f2a",
      expires_at: "2026-03-14T10:00:00.000Z",
    },
  },
  method: "POST",
  path: "/organizations/{orgId}/workers/{w}/connections/{provider}/start",
  summary: "Start connecting a worker's mail or calendar",
  description:
    "Answers a connect link for the end user's browser, on this service's host: it works once and lasts 10 minutes. It sends the browser to the provider's consent screen (authorization code with PKCE S256) and afterwards to `return_to` with `status=connected&connectionId=<id>`, or `status=error&error=<code>` (`access_denied`, `provider_error`, `link_expired`, `state_invalid`, `app_unavailable`). `return_to` must be under a return URL registered with PUT /platform/oauth-return-urls. Each call mints a new link (the link's secret is never stored, so an Idempotency-Key is accepted but never replays it).",
  tags: ["Assistant connections"],
  security: ["partnerKey"],
  successStatus: 201,
  errors: {
    400: "Unknown or invalid fields, a provider other than mail or calendar, a return_to not under a registered return URL (VALIDATION); or no provider app: neither the customer's own selected app nor the service's own app for this provider (MANAGED_OAUTH_UNAVAILABLE).",
    401: ASSISTANT_401,
    404: ASSISTANT_WORKER_404,
  },
});

export const ZStartConnectionRequest = z.strictObject({
  ...ZConnectionPath,
  return_to: z.string().max(2000).meta({
    description:
      "Where the browser goes afterwards: https (http only on loopback), same scheme, host and port as a registered return URL and a path under its path.",
  }),
});

export const ZStartConnectionResponse = z
  .object({
    authorize_url: z
      .string()
      .meta({ format: "uri", description: "The single-use connect link to open in the end user's browser." }),
    expires_at: ZIsoDateTime.meta({ description: "When the link stops working (10 minutes)." }),
  })
  .meta({ id: "ConnectLink" });
