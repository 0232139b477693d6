import { expect, test } from "@playwright/test";
import { acme, authoringCredentials, expectError, expectStatus, repeat } from "../support/api";
import { bearer } from "../support/world";

// Section 4.3 (integrations), black-box against the running service.
type TTool = { name: string; reference: string; description: string; isReadonly: boolean; inputSchema?: unknown };
type TIntegration = { id: string; name: string; description: string; tools: TTool[] };

test("lists integrations with tool references and no input schemas, for yk_ and yku_ of every role", async ({
  request,
}) => {
  for (const who of ["owner", "editor", "operator", "viewer", "outsider", "orgAdmin"] as const) {
    const { yk, yku } = await authoringCredentials(request, acme().users[who]);
    for (const headers of [yk, yku]) {
      const body = (await expectStatus(await request.get("/api/v1/authoring/integrations", { headers }), 200)) as {
        integrations: TIntegration[];
      };
      const http = body.integrations.find((integration) => integration.id === "service.http")!;
      expect(http).toBeTruthy();
      expect(body.integrations.length).toBeLessThanOrEqual(50);
      for (const tool of http.tools) {
        expect(tool.reference).toBe(`#${tool.name}`);
        expect(tool).not.toHaveProperty("inputSchema");
        expect(Object.keys(tool).sort()).toEqual(["description", "isReadonly", "name", "reference"]);
      }
      expect(http).not.toHaveProperty("reference");
      expect(http.tools.find((tool) => tool.name === "service.http.get")?.isReadonly).toBe(true);
      expect(http.tools.find((tool) => tool.name === "service.http.post")?.isReadonly).toBe(false);
    }
  }
});

test("q searches ids, names, descriptions and tools, case-insensitively, trimmed, up to 200 characters", async ({
  request,
}) => {
  const headers = bearer(acme().users.owner.apiKey);
  const search = async (q: string) =>
    (
      (await expectStatus(
        await request.get(`/api/v1/authoring/integrations?q=${encodeURIComponent(q)}`, { headers }),
        200,
      )) as { integrations: TIntegration[] }
    ).integrations.map((integration) => integration.id);
  expect(await search("SERVICE.KNOWLEDGE")).toEqual(["service.knowledge"]);
  expect(await search("  full-text  ")).toContain("service.knowledge");
  expect(await search("PATCH")).toContain("service.http");
  expect(await search("zzz-no-such-thing")).toEqual([]);
  await expectStatus(await request.get(`/api/v1/authoring/integrations?q=${repeat(200)}`, { headers }), 200);
  await expectError(
    await request.get(`/api/v1/authoring/integrations?q=${repeat(201)}`, { headers }),
    400,
    "VALIDATION",
  );
});

test("reads one integration with input schemas; unknown ids and bad keys are 404", async ({ request }) => {
  const headers = bearer(acme().users.viewer.apiKey);
  const http = (await expectStatus(
    await request.get("/api/v1/authoring/integrations/service.http", { headers }),
    200,
  )) as TIntegration;
  expect(http.id).toBe("service.http");
  for (const tool of http.tools) {
    expect(tool.reference).toBe(`#${tool.name}`);
    expect(tool.inputSchema).toMatchObject({ type: "object" });
  }
  await expectError(await request.get("/api/v1/authoring/integrations/service.nothing", { headers }), 404, "NOT_FOUND");
  await expectError(
    await request.get("/api/v1/authoring/integrations/service.http", { headers: { authorization: "Bearer yk_bad" } }),
    404,
    "NOT_FOUND",
  );
  await expectError(await request.get("/api/v1/authoring/integrations/service.http"), 404, "NOT_FOUND");
});
