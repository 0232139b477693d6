import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, seedFollower } from "../../../../test/partner-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";

// Spec 4.4 through the tenant door: the v1 creates and the console's reads and edits, acting as
// the subject with their current roles; Idempotency-Key claims per platform and person.

let w: TTenantWorld;
let otherOrgId: string;
let domainBaseId: string;
let orgBaseId: string;

beforeAll(async () => {
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("editor-1", "editor");
  const other = await partnerPlatform();
  otherOrgId = (await seedFollower(other.platform.id)).organization.id;
  const bases = await w.tenant("GET", "/authoring/knowledge-bases");
  domainBaseId = bases.body.bases.find((base: { domainId: string | null }) => base.domainId === w.domain.id).id;
  orgBaseId = bases.body.bases.find((base: { scope: string }) => base.scope === "org").id;
});

const createArticle = (subject: string, title: string, headers: Record<string, string> = {}, baseId = domainBaseId) =>
  w.tenant("POST", `/authoring/knowledge-bases/${baseId}/articles`, {
    subject,
    body: { title, draftBody: `${title}: the body.` },
    headers,
  });

const publish = (subject: string, id: string, headers: Record<string, string> = {}) =>
  w.tenant("POST", `/authoring/knowledge-articles/${id}/publish`, { subject, headers });

const createModule = (subject: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  w.tenant("POST", "/authoring/knowledge-modules", { subject, body, headers });

describe("tenant knowledge: an Editor authors", () => {
  it("creates, reads, edits and publishes an article in their domain's base", async () => {
    const bases = await w.tenant("GET", "/authoring/knowledge-bases", { subject: "editor-1" });
    expect(bases.status).toBe(200);
    const mine = bases.body.bases.find((base: { id: string }) => base.id === domainBaseId);
    expect(mine).toMatchObject({ scope: "domain", domainId: w.domain.id, canManage: true });
    expect(bases.body.bases.find((base: { id: string }) => base.id === orgBaseId).canManage).toBe(false);

    const created = await createArticle("editor-1", "Refund policy");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ baseId: domainBaseId, title: "Refund policy", status: "draft" });
    const id = created.body.id;

    const listed = await w.tenant("GET", `/authoring/knowledge-bases/${domainBaseId}/articles`, {
      subject: "editor-1",
    });
    expect(listed.status).toBe(200);
    expect(listed.body.base).toMatchObject({ id: domainBaseId, canManage: true });
    expect(listed.body.articles.map((article: { id: string }) => article.id)).toContain(id);

    const edited = await w.tenant("PATCH", `/authoring/knowledge-articles/${id}`, {
      subject: "editor-1",
      body: { draftBody: "Refunds take 3 business days." },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, title: "Refund policy", status: "draft", hasUnpublishedChanges: true });

    const published = await publish("editor-1", id);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id, status: "published", hasUnpublishedChanges: false });

    const read = await w.tenant("GET", `/authoring/knowledge-articles/${id}`, { subject: "editor-1" });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id,
      publishedTitle: "Refund policy",
      publishedBody: "Refunds take 3 business days.",
      canManage: true,
      modules: [],
    });

    const unpublished = await w.tenant("POST", `/authoring/knowledge-articles/${id}/unpublish`, {
      subject: "editor-1",
    });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body).toMatchObject({ id, status: "draft", publishedAt: null });
  });

  it("creates a domain module, adds a published article, reads it, removes it", async () => {
    const module = await createModule("editor-1", { kind: "domain", domainId: w.domain.id, name: "Front desk" });
    expect(module.status).toBe(201);
    expect(module.body).toMatchObject({ kind: "domain", domainId: w.domain.id, name: "Front desk", description: null });
    const moduleId = module.body.id;
    const articleId = (await createArticle("editor-1", "Opening hours")).body.id;

    const unpublished = await w.tenant("POST", `/authoring/knowledge-modules/${moduleId}/articles`, {
      subject: "editor-1",
      body: { articleId },
    });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.error.details.reason).toBe("unpublished");

    await publish("editor-1", articleId);
    const added = await w.tenant("POST", `/authoring/knowledge-modules/${moduleId}/articles`, {
      subject: "editor-1",
      body: { articleId },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ moduleId, articleId });

    const modules = await w.tenant("GET", "/authoring/knowledge-modules", { subject: "editor-1" });
    expect(modules.status).toBe(200);
    expect(modules.body.modules.find((m: { id: string }) => m.id === moduleId)).toMatchObject({
      articleCount: 1,
      canManage: true,
    });
    const read = await w.tenant("GET", `/authoring/knowledge-modules/${moduleId}`, { subject: "editor-1" });
    expect(read.status).toBe(200);
    expect(read.body.articles).toEqual([expect.objectContaining({ articleId, title: "Opening hours" })]);

    const removed = await w.tenant("DELETE", `/authoring/knowledge-modules/${moduleId}/articles/${articleId}`, {
      subject: "editor-1",
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    const again = await w.tenant("DELETE", `/authoring/knowledge-modules/${moduleId}/articles/${articleId}`, {
      subject: "editor-1",
    });
    expect(again.body).toEqual({ removed: false });
  });
});

describe("tenant knowledge: the subject's roles decide", () => {
  it("a Viewer reads the domain's knowledge but may neither create, edit, publish nor manage modules", async () => {
    const articleId = (await createArticle("editor-1", "Viewer reads this")).body.id;
    await publish("editor-1", articleId);
    const moduleId = (await createModule("editor-1", { kind: "domain", domainId: w.domain.id, name: "Viewer's" })).body
      .id;

    const reads = await Promise.all([
      w.tenant("GET", "/authoring/knowledge-bases", { subject: "viewer-1" }),
      w.tenant("GET", `/authoring/knowledge-bases/${domainBaseId}/articles`, { subject: "viewer-1" }),
      w.tenant("GET", `/authoring/knowledge-articles/${articleId}`, { subject: "viewer-1" }),
      w.tenant("GET", "/authoring/knowledge-modules", { subject: "viewer-1" }),
      w.tenant("GET", `/authoring/knowledge-modules/${moduleId}`, { subject: "viewer-1" }),
    ]);
    for (const read of reads) expect(read.status).toBe(200);
    expect(reads[2]!.body.canManage).toBe(false);

    const writes = await Promise.all([
      createArticle("viewer-1", "Not mine to write"),
      w.tenant("PATCH", `/authoring/knowledge-articles/${articleId}`, { subject: "viewer-1", body: { title: "No" } }),
      publish("viewer-1", articleId),
      w.tenant("POST", `/authoring/knowledge-articles/${articleId}/unpublish`, { subject: "viewer-1" }),
      createModule("viewer-1", { kind: "domain", domainId: w.domain.id, name: "No" }),
      w.tenant("POST", `/authoring/knowledge-modules/${moduleId}/articles`, {
        subject: "viewer-1",
        body: { articleId },
      }),
      w.tenant("DELETE", `/authoring/knowledge-modules/${moduleId}/articles/${articleId}`, { subject: "viewer-1" }),
    ]);
    for (const write of writes) {
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe("FORBIDDEN");
    }
  });

  it("the organization's base and modules: an Editor is refused, the owner writes", async () => {
    expect((await createArticle("editor-1", "Org-wide", {}, orgBaseId)).status).toBe(403);
    expect((await createModule("editor-1", { kind: "org", name: "Everyone" })).status).toBe(403);
    const article = await createArticle("owner", "Org-wide", {}, orgBaseId);
    expect(article.status).toBe(201);
    const module = await createModule("owner", { kind: "org", name: "Everyone" });
    expect(module.status).toBe(201);
    expect(module.body).toMatchObject({ kind: "org", domainId: null });
  });

  it("the same bodies are refused as on /api/v1", async () => {
    const unknownField = await createModule("owner", { kind: "org", name: "X", extra: true });
    const domainOnOrg = await createModule("owner", { kind: "org", name: "X", domainId: w.domain.id });
    const blankTitle = await w.tenant("POST", `/authoring/knowledge-bases/${domainBaseId}/articles`, {
      body: { title: "  " },
    });
    for (const refused of [unknownField, domainOnOrg, blankTitle]) {
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
    }
  });
});

describe("tenant knowledge: neutral 404s", () => {
  it("another platform's customer and a nonexistent one answer byte for byte the same 404", async () => {
    const answers = await Promise.all(
      [otherOrgId, randomUUID()].flatMap((orgId) => [
        w.tenant("GET", `/organizations/${orgId}/authoring/knowledge-bases`),
        w.tenant("POST", `/organizations/${orgId}/authoring/knowledge-bases/${domainBaseId}/articles`, {
          body: { title: "Elsewhere" },
        }),
        w.tenant("POST", `/organizations/${orgId}/authoring/knowledge-modules`, { body: { kind: "org", name: "X" } }),
        w.tenant("GET", `/organizations/${orgId}/authoring/knowledge-modules`, { subject: "editor-1" }),
      ]),
    );
    const first = JSON.stringify(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
  });

  it("unknown or malformed ids in the customer are NOT_FOUND", async () => {
    const answers = await Promise.all([
      w.tenant("GET", `/authoring/knowledge-articles/${randomUUID()}`),
      w.tenant("GET", "/authoring/knowledge-articles/not-a-uuid"),
      w.tenant("GET", `/authoring/knowledge-bases/${randomUUID()}/articles`),
      w.tenant("GET", `/authoring/knowledge-modules/${randomUUID()}`),
      publish("owner", randomUUID()),
      createArticle("owner", "Nowhere", {}, randomUUID()),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("NOT_FOUND");
    }
  });
});

describe("tenant knowledge: Idempotency-Key", () => {
  it("a retried create answers the first article once; another subject's same key is its own claim", async () => {
    const key = `article-${randomUUID()}`;
    const first = await createArticle("editor-1", "Once only", { "idempotency-key": key });
    const retry = await createArticle("editor-1", "Once only", { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    const owners = await createArticle("owner", "Once only", { "idempotency-key": key });
    expect(owners.status).toBe(201);
    expect(owners.headers.get("idempotency-replayed")).toBeNull();
    expect(owners.body.id).not.toBe(first.body.id);
    const reused = await createArticle("editor-1", "Another title", { "idempotency-key": key });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("a retried module create and publish replay their first answers", async () => {
    const key = `module-${randomUUID()}`;
    const body = { kind: "domain", domainId: w.domain.id, name: "Replayed" };
    const first = await createModule("editor-1", body, { "idempotency-key": key });
    const retry = await createModule("editor-1", body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);

    const articleId = (await createArticle("editor-1", "Publish once")).body.id;
    const publishKey = `publish-${randomUUID()}`;
    const published = await publish("editor-1", articleId, { "idempotency-key": publishKey });
    expect(published.status).toBe(200);
    expect(published.headers.get("idempotency-replayed")).toBeNull();
    const replayed = await publish("editor-1", articleId, { "idempotency-key": publishKey });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotency-replayed")).toBe("true");
    expect(replayed.body).toEqual(published.body);
  });
});
