import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";

const PARTNER_401 = "Missing, invalid or revoked partner key, or a credential of another kind (UNAUTHORIZED).";

export const ZReturnUrls = z
  .object({
    urls: z
      .array(z.string().meta({ format: "uri" }))
      .meta({ description: "Registered return URL prefixes, normalized." }),
  })
  .meta({ id: "OAuthReturnUrls" });

export const getReturnUrlsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { urls: ["https://acme.example/hooks/agents"] } },
  method: "GET",
  path: "/platform/oauth-return-urls",
  summary: "Read the platform's registered return URLs",
  description: "The URL prefixes a connect link's `return_to` must be under.",
  tags: ["Assistant connections"],
  security: ["partnerKey"],
  errors: { 401: PARTNER_401 },
});

export const ZGetReturnUrlsRequest = z.strictObject({});

export const putReturnUrlsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { urls: ["https://acme.example/hooks/agents"] },
    response: { urls: ["https://acme.example/hooks/agents"] },
  },
  method: "PUT",
  path: "/platform/oauth-return-urls",
  summary: "Register the platform's return URLs",
  description:
    "Replaces the list of return URL prefixes (at most 20). Each is an absolute https URL (http only on 127.0.0.1, localhost or [::1]) without user name, password, query or fragment, backslashes or encoded slashes and dots. A `return_to` matches when its scheme, host and port are the same and its path is the prefix's path or below it at a `/` boundary. Answers the stored list.",
  tags: ["Assistant connections"],
  security: ["partnerKey"],
  errors: {
    400: "More than 20 URLs, or a URL that is not an acceptable prefix (VALIDATION, the field named).",
    401: PARTNER_401,
  },
});

export const ZPutReturnUrlsRequest = z.strictObject({
  urls: z
    .array(z.string().max(2000))
    .max(20, "At most 20 return URLs")
    .meta({ description: "The complete new list; [] removes every return URL." }),
});
