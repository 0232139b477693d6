import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/trpc/openapi-document";

type TSchema = { $ref?: string; oneOf?: TSchema[]; properties?: Record<string, unknown>; required?: string[] };
type TOperation = {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: TSchema }> };
  responses: Record<string, unknown>;
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components: { schemas: Record<string, TSchema> };
};

describe("POST /api/v1/triggers in the v1 document", () => {
  it("is documented as a cookie-only 201 route, its body a oneOf of the three types with every field, and the error statuses", () => {
    const document = JSON.parse(JSON.stringify(openApiDocument("v1"))) as TDocument;
    const resolve = (schema: TSchema): TSchema =>
      schema.$ref ? resolve(document.components.schemas[schema.$ref.split("/").at(-1)!]!) : schema;
    const operation = document.paths["/triggers"]?.post;
    expect(operation).toBeDefined();
    expect(operation!.security).toEqual([{ sessionCookie: [] }]);
    const branches = resolve(operation!.requestBody!.content["application/json"]!.schema).oneOf!.map(resolve);
    expect(branches).toHaveLength(3);
    const fields = new Set(branches.flatMap((branch) => Object.keys(branch.properties!)));
    expect([...fields].sort()).toEqual(
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
    for (const branch of branches)
      expect(branch.required).toEqual(expect.arrayContaining(["domainId", "name", "type"]));
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "404"]));
  });
});
