import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, test, type APIRequestContext } from "@playwright/test";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { bearer, cookieHeader, world } from "../support/world";

// The served OpenAPI documents, and real responses of the server checked against them.

type TJson = Record<string, unknown>;
type TDocument = TJson & {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: TJson }> }> }>>;
};

const SURFACES = [
  { name: "v1", url: "/api/v1/openapi.json", prefix: "/api/v1" },
  { name: "partner-v1", url: "/api/partner/v1/openapi.json", prefix: "/api/partner/v1" },
] as const;

async function fetchDocument(request: APIRequestContext, url: string): Promise<TDocument> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  return (await response.json()) as TDocument;
}

const DOCUMENT_ID = "https://service.test/api/v1/openapi.json";

/** Ajv for OpenAPI 3.1 schemas; `#/components/...` refs resolve against the document. */
function ajvFor(document: TDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // Annotations and formats that OpenAPI and zod emit. Patterns in the schemas do the checking.
  ajv.addKeyword("example");
  ajv.addFormat("date-time", { type: "string", validate: (value: string) => !Number.isNaN(Date.parse(value)) });
  ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  // The document's components become one schema resource at the document's address, so refs
  // keep their meaning: `#/...` inside a component still points into the document root.
  ajv.addKeyword("components");
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components } as TJson);
  return ajv;
}

function responseValidator(
  ajv: Ajv2020,
  document: TDocument,
  path: string,
  method: string,
  status: number,
): ValidateFunction {
  const schema = document.paths[path]?.[method]?.responses[String(status)]?.content?.["application/json"]?.schema;
  expect(schema, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  const ref = (schema as { $ref?: string }).$ref;
  return ajv.compile(ref ? { $ref: `${DOCUMENT_ID}${ref}` } : { $id: `${DOCUMENT_ID}/inline`, ...schema });
}

function expectValid(validate: ValidateFunction, body: unknown): void {
  const valid = validate(body);
  expect(validate.errors ?? [], JSON.stringify(body)).toEqual([]);
  expect(valid).toBe(true);
}

test.describe("the served OpenAPI documents", () => {
  for (const surface of SURFACES) {
    test(`${surface.name} is a valid OpenAPI document`, async ({ request }) => {
      const document = await fetchDocument(request, surface.url);
      const result = await new Validator().validate(document);
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(document.servers).toEqual([{ url: surface.prefix }]);
    });
  }

  test("the partner document lists none of the v1 paths", async ({ request }) => {
    const v1 = await fetchDocument(request, "/api/v1/openapi.json");
    const partner = await fetchDocument(request, "/api/partner/v1/openapi.json");
    expect(Object.keys(v1.paths)).toEqual(expect.arrayContaining(["/auth/token", "/auth/whoami"]));
    for (const path of Object.keys(partner.paths)) expect(Object.keys(v1.paths)).not.toContain(path);
  });
});

test.describe("real responses match the v1 document", () => {
  let document: TDocument;
  let ajv: Ajv2020;

  test.beforeAll(async ({ request }) => {
    document = await fetchDocument(request, "/api/v1/openapi.json");
    ajv = ajvFor(document);
  });

  test("the documented error envelope resolves as served", async ({ request }) => {
    const served = await fetchDocument(request, "/api/v1/openapi.json");
    expect(() => responseValidator(ajvFor(served), served, "/auth/token", "post", 401)).not.toThrow();
  });

  test("200 of POST /auth/token", async ({ request }) => {
    const response = await request.post("/api/v1/auth/token", { headers: cookieHeader(world().orgs.acme.users.owner) });
    expect(response.status()).toBe(200);
    const validate = responseValidator(ajv, document, "/auth/token", "post", 200);
    expectValid(validate, await response.json());
    // The schema really constrains the body.
    expect(validate({ token: "yk_not-a-user-token", expiresAt: new Date().toISOString() })).toBe(false);
    expect(validate({ token: "yku_x", expiresAt: "tomorrow" })).toBe(false);
  });

  test("401 of POST /auth/token", async ({ request }) => {
    const response = await request.post("/api/v1/auth/token");
    expect(response.status()).toBe(401);
    const validate = responseValidator(ajv, document, "/auth/token", "post", 401);
    expectValid(validate, await response.json());
    expect(validate({ error: { code: "UNAUTHORIZED" } })).toBe(false);
    expect(validate({ message: "flat error", code: "UNAUTHORIZED" })).toBe(false);
  });

  test("200 of GET /auth/whoami, with a personal API key and with a user token", async ({ request }) => {
    const owner = world().orgs.acme.users.owner;
    const validate = responseValidator(ajv, document, "/auth/whoami", "get", 200);
    const withKey = await request.get("/api/v1/auth/whoami", { headers: bearer(owner.apiKey) });
    expect(withKey.status()).toBe(200);
    expectValid(validate, await withKey.json());

    const { token } = (await (await request.post("/api/v1/auth/token", { headers: cookieHeader(owner) })).json()) as {
      token: string;
    };
    const withToken = await request.get("/api/v1/auth/whoami", { headers: bearer(token) });
    expect(withToken.status()).toBe(200);
    expectValid(validate, await withToken.json());

    expect(validate({ ...((await withKey.json()) as TJson), extra: 1 })).toBe(false);
  });

  test("404 of GET /auth/whoami", async ({ request }) => {
    const response = await request.get("/api/v1/auth/whoami", { headers: bearer("garbage") });
    expect(response.status()).toBe(404);
    const validate = responseValidator(ajv, document, "/auth/whoami", "get", 404);
    expectValid(validate, await response.json());
  });
});
