import { beforeAll, describe, expect, it } from "vitest";
import { mintSecret } from "@/server/auth/secret-token";
import { createArticle } from "@/server/services/knowledge/create-article";
import { createModule } from "@/server/services/knowledge/create-module";
import { getArticle } from "@/server/services/knowledge/get-article";
import { getModule } from "@/server/services/knowledge/get-module";
import {
  expiredUserToken,
  knowledgeWorld,
  publishedArticle,
  revokedApiKey,
  type TKnowledgeWorld,
} from "@/server/services/knowledge/knowledge-world.testkit";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";

// The three machine routes of spec 4.4, in-process through the real OpenAPI handler with real
// yk_ and yku_ credentials.

let world: TKnowledgeWorld;
let other: TKnowledgeWorld;

beforeAll(async () => {
  world = await knowledgeWorld("Acme");
  other = await knowledgeWorld("Globex");
});

type TPerson = keyof TKnowledgeWorld["people"];
type TErrorBody = {
  error: { code: string; message: string; details: { issues: Array<{ path: string }>; reason?: string } };
};
type TBody = Record<string, unknown> & Partial<TErrorBody>;

async function post(path: string, body: unknown, credential: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (credential) headers.authorization = `Bearer ${credential}`;
  const response = await handleOpenApiRequest(
    new Request(`http://localhost/api/v1/authoring${path}`, {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    "v1",
  );
  return { status: response.status, body: (await response.json()) as TBody };
}

const key = (who: TPerson, w: TKnowledgeWorld = world) => w.people[who].apiKey;
const token = (who: TPerson, w: TKnowledgeWorld = world) => w.people[who].userToken;
const codeOf = (result: { status: number; body: TBody }) => `${result.status} ${result.body.error?.code ?? ""}`.trim();

describe("POST /api/v1/authoring/knowledge-modules", () => {
  const create = (body: unknown, credential = key("owner")) => post("/knowledge-modules", body, credential);

  it("creates a domain module (201) with a personal key and with an access token", async () => {
    const viaKey = await create({
      kind: "domain",
      domainId: world.ops.id,
      name: "  Pumps  ",
      description: "About pumps",
    });
    expect(viaKey.status).toBe(201);
    expect(viaKey.body).toEqual({
      id: expect.any(String),
      kind: "domain",
      domainId: world.ops.id,
      name: "Pumps",
      description: "About pumps",
      createdAt: expect.any(String),
    });
    const viaToken = await create({ kind: "domain", domainId: world.ops.id, name: "Valves" }, token("editor"));
    expect(viaToken.status).toBe(201);
    expect(viaToken.body).toMatchObject({ kind: "domain", description: null });
    for (const id of [viaKey.body.id, viaToken.body.id])
      expect(await getModule(world.owner, { id: id as string })).toMatchObject({ domainId: world.ops.id });
  });

  it("creates an organization module (201) with domainId null", async () => {
    const result = await create({ kind: "org", name: "Company handbook" }, key("orgAdmin"));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ kind: "org", domainId: null, name: "Company handbook", description: null });
  });

  it.each([
    ["owner", "domain", "201"],
    ["editor", "domain", "201"],
    ["operator", "domain", "403 FORBIDDEN"],
    ["viewer", "domain", "403 FORBIDDEN"],
    ["outsider", "domain", "403 FORBIDDEN"],
    ["orgAdmin", "domain", "403 FORBIDDEN"],
    ["owner", "org", "201"],
    ["orgAdmin", "org", "201"],
    ["editor", "org", "403 FORBIDDEN"],
    ["operator", "org", "403 FORBIDDEN"],
    ["viewer", "org", "403 FORBIDDEN"],
  ] as const)("%s creating a %s module: %s", async (who, kind, expected) => {
    const body = kind === "domain" ? { kind, domainId: world.ops.id, name: "Probe" } : { kind, name: "Probe" };
    expect(codeOf(await create(body, key(who)))).toBe(expected);
    expect(codeOf(await create(body, token(who)))).toBe(expected);
  });

  it("answers 404 for another organization's domain, an unknown domain, and bad credentials", async () => {
    expect(codeOf(await create({ kind: "domain", domainId: other.ops.id, name: "x" }))).toBe("404 NOT_FOUND");
    expect(codeOf(await create({ kind: "domain", domainId: world.ops.id, name: "x" }, key("owner", other)))).toBe(
      "404 NOT_FOUND",
    );
    expect(codeOf(await create({ kind: "domain", domainId: crypto.randomUUID(), name: "x" }))).toBe("404 NOT_FOUND");
    const body = { kind: "org", name: "x" };
    expect(codeOf(await post("/knowledge-modules", body, null))).toBe("404 NOT_FOUND");
    expect(codeOf(await create(body, "yk_not-a-real-key"))).toBe("404 NOT_FOUND");
    expect(codeOf(await create(body, mintSecret("api_key").token))).toBe("404 NOT_FOUND");
    expect(codeOf(await create(body, mintSecret("partner_key").token))).toBe("404 NOT_FOUND");
    // The credential is checked before the body.
    expect(codeOf(await create({ bogus: true }, mintSecret("user_token").token))).toBe("404 NOT_FOUND");
  });

  it("refuses revoked keys and expired tokens with 404", async () => {
    expect(codeOf(await create({ kind: "org", name: "x" }, await revokedApiKey(world.owner)))).toBe("404 NOT_FOUND");
    expect(codeOf(await create({ kind: "org", name: "x" }, await expiredUserToken(world.owner)))).toBe("404 NOT_FOUND");
  });

  it.each([
    ["name of 200 characters", { kind: "org", name: "n".repeat(200) }, "201"],
    ["name of 201 characters", { kind: "org", name: "n".repeat(201) }, "400 VALIDATION"],
    ["name of 200 characters plus spaces", { kind: "org", name: ` ${"n".repeat(200)} ` }, "201"],
    ["empty name", { kind: "org", name: "" }, "400 VALIDATION"],
    ["blank name", { kind: "org", name: "   " }, "400 VALIDATION"],
    ["missing name", { kind: "org" }, "400 VALIDATION"],
    ["description of 10,000 characters", { kind: "org", name: "d", description: "d".repeat(10_000) }, "201"],
    ["description of 10,001 characters", { kind: "org", name: "d", description: "d".repeat(10_001) }, "400 VALIDATION"],
    ["missing kind", { name: "x" }, "400 VALIDATION"],
    ["unknown kind", { kind: "team", name: "x" }, "400 VALIDATION"],
    ["domain module without domainId", { kind: "domain", name: "x" }, "400 VALIDATION"],
    ["organization module with domainId", { kind: "org", domainId: "DOMAIN", name: "x" }, "400 VALIDATION"],
    ["domainId not a UUID", { kind: "domain", domainId: "ops", name: "x" }, "400 VALIDATION"],
    ["unknown field", { kind: "org", name: "x", color: "red" }, "400 VALIDATION"],
    ["name not a string", { kind: "org", name: 5 }, "400 VALIDATION"],
  ])("%s: %s", async (_label, body, expected) => {
    const resolved = JSON.parse(JSON.stringify(body).replace('"DOMAIN"', JSON.stringify(world.ops.id)));
    const result = await create(resolved);
    expect(codeOf(result)).toBe(expected);
    if (expected === "201" && "description" in resolved) expect(result.body.description).toHaveLength(10_000);
    if (expected === "201" && !("description" in resolved)) expect(result.body.name).toHaveLength(200);
  });

  it("names the offending field in validation errors", async () => {
    const result = await create({ kind: "org", domainId: world.ops.id, name: "x" });
    expect(result.body.error?.details.issues).toContainEqual(expect.objectContaining({ path: "domainId" }));
    const unknown = await create({ kind: "org", name: "x", extra: 1 });
    expect(unknown.body.error?.message).toContain("extra");
  });

  it("refuses malformed JSON and non-object bodies with 400", async () => {
    expect(codeOf(await create("{not json"))).toBe("400 VALIDATION");
    expect(codeOf(await create("[1,2]"))).toBe("400 VALIDATION");
  });
});

describe("POST /api/v1/authoring/knowledge-bases/{baseId}/articles", () => {
  const create = (baseId: string, body: unknown, credential = key("owner")) =>
    post(`/knowledge-bases/${baseId}/articles`, body, credential);

  it("creates an unpublished draft (201)", async () => {
    const result = await create(
      world.bases.ops,
      { title: "  Restarting the pump  ", draftBody: "Turn it off and on." },
      token("editor"),
    );
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.any(String),
      baseId: world.bases.ops,
      title: "Restarting the pump",
      draftBody: "Turn it off and on.",
      status: "draft",
      publishedAt: null,
      createdAt: expect.any(String),
    });
    expect(await getArticle(world.owner, { id: result.body.id as string })).toMatchObject({
      publishedTitle: null,
      publishedBody: null,
      publishedAt: null,
    });
    expect((await create(world.bases.ops, { title: "No body" })).body.draftBody).toBeNull();
    expect((await create(world.bases.ops, { title: "Null body", draftBody: null })).body.draftBody).toBeNull();
  });

  it.each([
    ["owner", "ops", "201"],
    ["editor", "ops", "201"],
    ["operator", "ops", "403 FORBIDDEN"],
    ["viewer", "ops", "403 FORBIDDEN"],
    ["outsider", "ops", "403 FORBIDDEN"],
    ["orgAdmin", "ops", "403 FORBIDDEN"],
    ["editor", "sales", "403 FORBIDDEN"],
    ["owner", "org", "201"],
    ["orgAdmin", "org", "201"],
    ["editor", "org", "403 FORBIDDEN"],
    ["outsider", "org", "403 FORBIDDEN"],
  ] as const)("%s in the %s base: %s", async (who, base, expected) => {
    expect(codeOf(await create(world.bases[base], { title: "Probe" }, key(who)))).toBe(expected);
    expect(codeOf(await create(world.bases[base], { title: "Probe" }, token(who)))).toBe(expected);
  });

  it("answers 404 for another organization's base, unknown and malformed ids", async () => {
    for (const baseId of [other.bases.ops, other.bases.org, crypto.randomUUID(), "not-a-uuid"]) {
      expect(codeOf(await create(baseId, { title: "x" }))).toBe("404 NOT_FOUND");
    }
    expect(codeOf(await create(world.bases.org, { title: "x" }, key("owner", other)))).toBe("404 NOT_FOUND");
    expect(codeOf(await create(world.bases.org, { title: "x" }, mintSecret("api_key").token))).toBe("404 NOT_FOUND");
  });

  it.each([
    ["title of 240 characters", { title: "t".repeat(240) }, "201"],
    ["title of 241 characters", { title: "t".repeat(241) }, "400 VALIDATION"],
    ["empty title", { title: "" }, "400 VALIDATION"],
    ["blank title", { title: " \n\t " }, "400 VALIDATION"],
    ["missing title", { draftBody: "x" }, "400 VALIDATION"],
    ["draftBody not a string", { title: "x", draftBody: 42 }, "400 VALIDATION"],
    ["unknown field", { title: "x", published: true }, "400 VALIDATION"],
  ])("%s: %s", async (_label, body, expected) => {
    expect(codeOf(await create(world.bases.ops, body))).toBe(expected);
  });

  it("accepts a draftBody of 2,000,000 characters and refuses 2,000,001", async () => {
    const accepted = await create(world.bases.ops, { title: "Long", draftBody: "a".repeat(2_000_000) });
    expect(accepted.status).toBe(201);
    expect(accepted.body.draftBody).toHaveLength(2_000_000);
    expect(codeOf(await create(world.bases.ops, { title: "Too long", draftBody: "a".repeat(2_000_001) }))).toBe(
      "400 VALIDATION",
    );
  });
});

describe("POST /api/v1/authoring/knowledge-modules/{moduleId}/articles", () => {
  const add = (moduleId: string, body: unknown, credential = key("owner")) =>
    post(`/knowledge-modules/${moduleId}/articles`, body, credential);
  let opsModule: string;
  let orgModule: string;
  const articles: Record<"ops" | "org" | "sales" | "draft", string> = { ops: "", org: "", sales: "", draft: "" };

  beforeAll(async () => {
    opsModule = (await createModule(world.owner, { kind: "domain", domainId: world.ops.id, name: "Ops" })).id;
    orgModule = (await createModule(world.owner, { kind: "org", name: "Org" })).id;
    articles.ops = (await publishedArticle(world, world.bases.ops, "Ops")).id;
    articles.org = (await publishedArticle(world, world.bases.org, "Org")).id;
    articles.sales = (await publishedArticle(world, world.bases.sales, "Sales")).id;
    articles.draft = (await createArticle(world.owner, { baseId: world.bases.ops, title: "Draft" })).id;
  });

  it("adds a published article (201) and answers the same membership when added again", async () => {
    const first = await add(opsModule, { articleId: articles.ops }, token("editor"));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      moduleId: opsModule,
      articleId: articles.ops,
      createdAt: expect.any(String),
    });
    const again = await add(opsModule, { articleId: articles.ops }, key("owner"));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it.each([
    ["domain module", "ops", "own domain's base", "ops", "201"],
    ["domain module", "ops", "organization's base", "org", "201"],
    ["domain module", "ops", "other domain's base", "sales", "409 CONFLICT"],
    ["domain module", "ops", "unpublished article", "draft", "409 CONFLICT"],
    ["organization module", "org", "organization's base", "org", "201"],
    ["organization module", "org", "a domain's base", "ops", "409 CONFLICT"],
    ["organization module", "org", "another domain's base", "sales", "409 CONFLICT"],
  ] as const)("%s + %s article: %s", async (_m, moduleKey, _a, articleKey, expected) => {
    const moduleId = moduleKey === "ops" ? opsModule : orgModule;
    const result = await add(moduleId, { articleId: articles[articleKey] });
    expect(codeOf(result)).toBe(expected);
    if (expected !== "201")
      expect(result.body.error?.details.reason).toBe(articleKey === "draft" ? "unpublished" : "incompatible");
  });

  it.each([
    ["owner", "ops", "201"],
    ["editor", "ops", "201"],
    ["operator", "ops", "403 FORBIDDEN"],
    ["viewer", "ops", "403 FORBIDDEN"],
    ["outsider", "ops", "403 FORBIDDEN"],
    ["orgAdmin", "ops", "403 FORBIDDEN"],
    ["owner", "org", "201"],
    ["orgAdmin", "org", "201"],
    ["editor", "org", "403 FORBIDDEN"],
    ["viewer", "org", "403 FORBIDDEN"],
  ] as const)("%s adding to the %s module: %s", async (who, moduleKey, expected) => {
    const moduleId = moduleKey === "ops" ? opsModule : orgModule;
    expect(codeOf(await add(moduleId, { articleId: articles.org }, key(who)))).toBe(expected);
    expect(codeOf(await add(moduleId, { articleId: articles.org }, token(who)))).toBe(expected);
  });

  it("answers 404 for another organization's module or article, and unknown or malformed ids", async () => {
    const theirModule = (await createModule(other.owner, { kind: "org", name: "Theirs" })).id;
    const theirArticle = (await publishedArticle(other, other.bases.org, "Theirs")).id;
    expect(codeOf(await add(theirModule, { articleId: articles.org }))).toBe("404 NOT_FOUND");
    expect(codeOf(await add(orgModule, { articleId: theirArticle }))).toBe("404 NOT_FOUND");
    expect(codeOf(await add(theirModule, { articleId: theirArticle }))).toBe("404 NOT_FOUND");
    expect(codeOf(await add(orgModule, { articleId: articles.org }, key("owner", other)))).toBe("404 NOT_FOUND");
    expect(codeOf(await add(crypto.randomUUID(), { articleId: articles.org }))).toBe("404 NOT_FOUND");
    expect(codeOf(await add(orgModule, { articleId: crypto.randomUUID() }))).toBe("404 NOT_FOUND");
    expect(codeOf(await add("not-a-uuid", { articleId: articles.org }))).toBe("404 NOT_FOUND");
  });

  it.each([
    ["missing articleId", {}],
    ["articleId not a UUID", { articleId: "abc" }],
    ["unknown field", { articleId: "ARTICLE", position: 1 }],
  ])("%s: 400 VALIDATION", async (_label, body) => {
    const resolved = JSON.parse(JSON.stringify(body).replace('"ARTICLE"', JSON.stringify(articles.org)));
    expect(codeOf(await add(orgModule, resolved))).toBe("400 VALIDATION");
  });
});

describe("the knowledge routes in the v1 document", () => {
  it("answers 405 with Allow for another method on a knowledge path", async () => {
    const response = await handleOpenApiRequest(
      new Request("http://localhost/api/v1/authoring/knowledge-modules", {
        method: "GET",
        headers: { authorization: `Bearer ${key("owner")}` },
      }),
      "v1",
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
