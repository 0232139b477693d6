import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/trpc/openapi-document";

type TOperation = {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
};

describe("POST /api/v1/triggers in the v1 document", () => {
  it("is documented as a cookie-only 201 route with every field of the union and the error statuses", () => {
    const document = JSON.parse(JSON.stringify(openApiDocument("v1"))) as {
      paths: Record<string, Record<string, TOperation>>;
    };
    const operation = document.paths["/triggers"]?.post;
    expect(operation).toBeDefined();
    expect(operation!.security).toEqual([{ sessionCookie: [] }]);
    const schema = operation!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(schema.properties!).sort()).toEqual(
      [
        "connectionId",
        "cron",
        "domainId",
        "endpointSecret",
        "eventFilter",
        "eventType",
        "input",
        "name",
        "sourceIntegrationId",
        "timezone",
        "type",
      ].sort(),
    );
    expect(schema.required!.sort()).toEqual(["domainId", "name", "type"]);
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "404"]));
  });
});
