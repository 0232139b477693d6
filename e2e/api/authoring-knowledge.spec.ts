import { expect, test, type APIRequestContext } from "@playwright/test";
import { acme, authoringCredentials, expectError, expectStatus, globex, repeat } from "../support/api";
import { bearer } from "../support/world";

// Section 4.4, black-box against the running service with the fixture world.
const owner = () => bearer(acme().users.owner.apiKey);

async function domainModule(request: APIRequestContext, headers = owner(), domainId = acme().domains.ops.id) {
  return expectStatus(
    await request.post("/api/v1/authoring/knowledge-modules", {
      headers,
      data: { kind: "domain", domainId, name: "Ops runbooks" },
    }),
    201,
  );
}

test.describe("POST /authoring/knowledge-modules", () => {
  test("creates domain modules for Owners and Editors, with yk_ and yku_", async ({ request }) => {
    for (const who of ["owner", "editor"] as const) {
      const { yk, yku } = await authoringCredentials(request, acme().users[who]);
      for (const headers of [yk, yku]) {
        const created = await expectStatus(
          await request.post("/api/v1/authoring/knowledge-modules", {
            headers,
            data: {
              kind: "domain",
              domainId: acme().domains.ops.id,
              name: "  Runbooks  ",
              description: "How we operate",
            },
          }),
          201,
        );
        expect(created).toMatchObject({ id: expect.any(String), name: "Runbooks" });
      }
    }
  });

  test("org modules need organization admin; domain modules need manage_knowledge", async ({ request }) => {
    const org = { kind: "org", name: "Company handbook" };
    await expectStatus(
      await request.post("/api/v1/authoring/knowledge-modules", {
        headers: bearer(acme().users.orgAdmin.apiKey),
        data: org,
      }),
      201,
    );
    await expectStatus(await request.post("/api/v1/authoring/knowledge-modules", { headers: owner(), data: org }), 201);
    for (const who of ["editor", "operator", "viewer", "outsider"] as const) {
      await expectError(
        await request.post("/api/v1/authoring/knowledge-modules", {
          headers: bearer(acme().users[who].apiKey),
          data: org,
        }),
        403,
        "FORBIDDEN",
      );
    }
    for (const who of ["operator", "viewer", "outsider", "orgAdmin"] as const) {
      const response = await request.post("/api/v1/authoring/knowledge-modules", {
        headers: bearer(acme().users[who].apiKey),
        data: { kind: "domain", domainId: acme().domains.ops.id, name: "Nope" },
      });
      await expectError(response, 403, "FORBIDDEN");
    }
    await expectError(
      await request.post("/api/v1/authoring/knowledge-modules", {
        headers: owner(),
        data: { kind: "domain", domainId: globex().domains.main.id, name: "x" },
      }),
      404,
      "NOT_FOUND",
    );
  });

  test("validates kind, domainId rules, bounds and unknown fields", async ({ request }) => {
    const ops = acme().domains.ops.id;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ kind: "org", domainId: ops, name: "x" }, 400],
      [{ kind: "domain", name: "x" }, 400],
      [{ kind: "team", name: "x" }, 400],
      [{ kind: "org", name: repeat(200) }, 201],
      [{ kind: "org", name: repeat(201) }, 400],
      [{ kind: "org", name: "  " }, 400],
      [{ kind: "org", name: "x", description: repeat(10_000) }, 201],
      [{ kind: "org", name: "x", description: repeat(10_001) }, 400],
      [{ kind: "org", name: "x", owner: "me" }, 400],
    ];
    for (const [data, status] of cases) {
      const response = await request.post("/api/v1/authoring/knowledge-modules", { headers: owner(), data });
      if (status === 400) await expectError(response, 400, "VALIDATION");
      else await expectStatus(response, status);
    }
  });
});

test.describe("articles and module membership", () => {
  test("creates draft articles within bounds, for manage_knowledge only", async ({ request }) => {
    const { domainBaseId } = acme().knowledge;
    const url = `/api/v1/authoring/knowledge-bases/${domainBaseId}/articles`;
    const created = await expectStatus(
      await request.post(url, { headers: owner(), data: { title: "  Refunds  ", draftBody: "Refunds take 5 days." } }),
      201,
    );
    expect(created).toMatchObject({ id: expect.any(String), title: "Refunds" });
    await expectStatus(
      await request.post(url, { headers: owner(), data: { title: repeat(240), draftBody: null } }),
      201,
    );
    await expectStatus(
      await request.post(url, { headers: owner(), data: { title: "Long", draftBody: repeat(2_000_000) } }),
      201,
    );
    await expectError(await request.post(url, { headers: owner(), data: { title: repeat(241) } }), 400, "VALIDATION");
    await expectError(
      await request.post(url, { headers: owner(), data: { title: "x", draftBody: repeat(2_000_001) } }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.post(url, { headers: owner(), data: { title: "x", body: "y" } }),
      400,
      "VALIDATION",
    );
    for (const who of ["operator", "viewer"] as const) {
      await expectError(
        await request.post(url, { headers: bearer(acme().users[who].apiKey), data: { title: "x" } }),
        403,
        "FORBIDDEN",
      );
    }
    await expectError(
      await request.post(url, { headers: bearer(globex().users.owner.apiKey), data: { title: "x" } }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post(`/api/v1/authoring/knowledge-bases/${crypto.randomUUID()}/articles`, {
        headers: owner(),
        data: { title: "x" },
      }),
      404,
      "NOT_FOUND",
    );
  });

  test("module membership: published articles only, compatible bases only, same organization only", async ({
    request,
  }) => {
    const knowledge = acme().knowledge;
    const module = await domainModule(request);
    const url = `/api/v1/authoring/knowledge-modules/${module.id}/articles`;
    const row = await expectStatus(
      await request.post(url, { headers: owner(), data: { articleId: knowledge.publishedArticleId } }),
      201,
    );
    expect(row).toMatchObject({ moduleId: module.id, articleId: knowledge.publishedArticleId });
    await expectError(
      await request.post(url, { headers: owner(), data: { articleId: knowledge.draftArticleId } }),
      409,
      "CONFLICT",
    );
    const orgModule = knowledge.orgModuleId;
    await expectError(
      await request.post(`/api/v1/authoring/knowledge-modules/${orgModule}/articles`, {
        headers: owner(),
        data: { articleId: knowledge.publishedArticleId },
      }),
      409,
      "CONFLICT",
    );
    const globexArticle = globex().knowledge.publishedArticleId;
    await expectError(
      await request.post(url, { headers: owner(), data: { articleId: globexArticle } }),
      404,
      "NOT_FOUND",
    );
    await expectError(await request.post(url, { headers: owner(), data: { articleId: "nope" } }), 400, "VALIDATION");
    await expectError(
      await request.post(url, {
        headers: bearer(acme().users.viewer.apiKey),
        data: { articleId: knowledge.publishedArticleId },
      }),
      403,
      "FORBIDDEN",
    );
  });
});
