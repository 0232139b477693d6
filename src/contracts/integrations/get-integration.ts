import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZIntegrationDetail } from "./integration";

export const getIntegrationMeta = routeMeta({
  surface: "v1",
  examples: {
    response: {
      id: "service.http",
      name: "Support triage",
      description: "Sorts incoming support tickets by urgency.",
      tools: [
        {
          name: "service.http.get",
          reference: "#service.http.get",
          description: "Sorts incoming support tickets by urgency.",
          isReadonly: true,
          inputSchema: {},
        },
      ],
    },
  },
  method: "GET",
  path: "/authoring/integrations/{id}",
  summary: "Read one integration with its tools' input schemas",
  description:
    "One integration the organization can use, with each tool's JSON input schema. Ids contain dots (e.g. `service.http`).",
  tags: ["Authoring"],
  security: ["apiKey", "userToken"],
  successStatus: 200,
  errors: {
    404: "Unknown, unavailable or other-organization integration id, or a missing, invalid, expired or revoked credential (NOT_FOUND).",
  },
});

export const ZGetIntegrationRequest = z.strictObject({
  id: z.string().min(1).max(256).meta({ description: "Integration id.", example: "service.http" }),
});

export const ZGetIntegrationResponse = ZIntegrationDetail;

export type TGetIntegrationRequest = z.infer<typeof ZGetIntegrationRequest>;
export type TGetIntegrationResponse = z.infer<typeof ZGetIntegrationResponse>;
