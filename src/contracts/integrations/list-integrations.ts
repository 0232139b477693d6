import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZIntegrationSummary } from "./integration";

export const MAX_INTEGRATION_QUERY = 200;
export const MAX_INTEGRATION_RESULTS = 50;

export const listIntegrationsMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      integrations: [
        {
          id: "service.http",
          name: "Support triage",
          description: "Sorts incoming support tickets by urgency.",
          tools: [
            {
              name: "service.http.get",
              reference: "#service.http.get",
              description: "Sorts incoming support tickets by urgency.",
              isReadonly: true,
            },
          ],
        },
      ],
    },
  },
  method: "GET",
  path: "/authoring/integrations",
  summary: "Search the integrations an agent can use",
  description:
    "Lists the built-in integrations and the organization's own available custom integrations, built-ins first, then by name; at most 50. `q` (trimmed, case-insensitive, at most 200 characters) keeps the integrations whose id, name or description, or any of whose tool names or tool descriptions, contain it. Input schemas are returned by the single-integration read.",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  successStatus: 200,
  errors: {
    400: "`q` is longer than 200 characters, or the query has an unknown parameter (VALIDATION).",
    404: "Missing, invalid, expired or revoked credential (NOT_FOUND).",
  },
});

export const ZListIntegrationsRequest = z.strictObject({
  q: z
    .string()
    .trim()
    .max(MAX_INTEGRATION_QUERY, `must be at most ${MAX_INTEGRATION_QUERY} characters`)
    .optional()
    .meta({ description: "Search term: trimmed, case-insensitive, at most 200 characters." }),
});

export const ZListIntegrationsResponse = z
  .object({ integrations: z.array(ZIntegrationSummary).max(MAX_INTEGRATION_RESULTS) })
  .meta({ id: "IntegrationList" });

export type TListIntegrationsRequest = z.infer<typeof ZListIntegrationsRequest>;
export type TListIntegrationsResponse = z.infer<typeof ZListIntegrationsResponse>;
