import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createDomain } from "../../../../test/factories";
import { createArticle } from "./create-article";
import { ensureKnowledgeBases } from "./ensure-knowledge-bases";
import { getArticle } from "./get-article";
import { knowledgeWorld, type TKnowledgeWorld } from "./knowledge-world.testkit";
import { listArticles } from "./list-articles";
import { listBases } from "./list-bases";
import { publishArticle } from "./publish-article";
import { searchKnowledge } from "./search-knowledge";
import { unpublishArticle } from "./unpublish-article";
import { updateDraft } from "./update-draft";

let world: TKnowledgeWorld;
let other: TKnowledgeWorld;

beforeAll(async () => {
  world = await knowledgeWorld("Acme");
  other = await knowledgeWorld("Globex");
});

const search = (orgId: string, query: string) =>
  searchKnowledge({ orgId, domainId: null, selection: { mode: "org", moduleIds: [] }, query });

describe("knowledge bases", () => {
  it("creates one base per organization and per domain, idempotently and concurrently", async () => {
    const { organization } = world;
    const extra = await createDomain(organization.id, "Support");
    await Promise.all([
      ensureKnowledgeBases(organization.id),
      ensureKnowledgeBases(organization.id),
      ensureKnowledgeBases(organization.id),
    ]);
    await ensureKnowledgeBases(organization.id);
    const bases = await db().knowledgeBase.findMany({
      where: { organizationId: organization.id },
      select: { domainId: true, scopeKey: true, name: true },
    });
    expect(bases).toHaveLength(4);
    expect(bases).toContainEqual({ domainId: null, scopeKey: organization.id, name: "Acme knowledge" });
    expect(bases).toContainEqual({ domainId: extra.id, scopeKey: extra.id, name: "Support knowledge" });
    await db().domain.delete({ where: { id: extra.id } });
  });

  it("does nothing for an unknown organization", async () => {
    await expect(ensureKnowledgeBases(crypto.randomUUID())).resolves.toBeUndefined();
  });

  it("lists the organization's base and the caller's domains' bases, with counts and rights", async () => {
    const draft = await createArticle(world.owner, { baseId: world.bases.ops, title: "Counted draft" });
    const published = await createArticle(world.owner, { baseId: world.bases.ops, title: "Counted published" });
    await publishArticle(world.owner, { id: published.id });

    const owner = await listBases(world.owner);
    expect(owner.bases.map((base) => [base.scope, base.domainId, base.canManage])).toEqual([
      ["org", null, true],
      ["domain", world.ops.id, true],
      ["domain", world.sales.id, true],
    ]);
    const opsBase = owner.bases.find((base) => base.id === world.bases.ops)!;
    expect(opsBase.articleCount).toBeGreaterThanOrEqual(2);
    expect(opsBase.publishedCount).toBeGreaterThanOrEqual(1);
    expect(opsBase.publishedCount).toBeLessThan(opsBase.articleCount);

    const viewer = await listBases(world.people.viewer.actor);
    expect(viewer.bases.map((base) => [base.id, base.canManage])).toEqual([
      [world.bases.org, false],
      [world.bases.ops, false],
    ]);
    const orgAdmin = await listBases(world.people.orgAdmin.actor);
    expect(orgAdmin.bases.map((base) => [base.id, base.canManage])).toEqual([[world.bases.org, true]]);
    await db().knowledgeArticle.deleteMany({ where: { id: { in: [draft.id, published.id] } } });
  });

  it("creates the bases of a new domain when they are listed", async () => {
    const fresh = await createDomain(world.organization.id, "Later");
    await db().domainMembership.create({ data: { domainId: fresh.id, userId: world.owner.userId, role: "OWNER" } });
    const { bases } = await listBases(world.owner);
    expect(bases.find((base) => base.domainId === fresh.id)).toMatchObject({
      name: "Later knowledge",
      articleCount: 0,
      canManage: true,
    });
    await db().domain.delete({ where: { id: fresh.id } });
  });
});

describe("articles", () => {
  it("creates an unpublished draft", async () => {
    const article = await createArticle(world.people.editor.actor, {
      baseId: world.bases.ops,
      title: "Runbook",
      draftBody: "Restart the pump.",
    });
    expect(article).toEqual({
      id: expect.any(String),
      baseId: world.bases.ops,
      title: "Runbook",
      draftBody: "Restart the pump.",
      status: "draft",
      publishedAt: null,
      createdAt: expect.any(String),
    });
    const withoutBody = await createArticle(world.people.editor.actor, { baseId: world.bases.ops, title: "Empty" });
    expect(withoutBody.draftBody).toBeNull();
  });

  it.each([
    ["owner", "ops", true],
    ["editor", "ops", true],
    ["operator", "ops", false],
    ["viewer", "ops", false],
    ["outsider", "ops", false],
    ["orgAdmin", "ops", false],
    ["editor", "sales", false],
    ["owner", "org", true],
    ["orgAdmin", "org", true],
    ["editor", "org", false],
    ["viewer", "org", false],
  ] as const)("%s may create in the %s base: %s", async (who, base, allowed) => {
    const attempt = createArticle(world.people[who].actor, { baseId: world.bases[base], title: "Permission probe" });
    if (allowed) await expect(attempt).resolves.toMatchObject({ status: "draft" });
    else await expect(attempt).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
  });

  it("answers 404 for another organization's base, an unknown id and a malformed id", async () => {
    for (const baseId of [other.bases.ops, other.bases.org, crypto.randomUUID(), "not-a-uuid"]) {
      await expect(createArticle(world.owner, { baseId, title: "x" })).rejects.toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      });
      await expect(listArticles(world.owner, { baseId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("keeps the draft separate from the published copy that search sees", async () => {
    const editor = world.people.editor.actor;
    const article = await createArticle(editor, {
      baseId: world.bases.ops,
      title: "Valve procedure",
      draftBody: "Open the zanzibar valve slowly.",
    });
    expect(await getArticle(editor, { id: article.id })).toMatchObject({
      status: "draft",
      publishedTitle: null,
      publishedBody: null,
      hasUnpublishedChanges: true,
    });

    const published = await publishArticle(editor, { id: article.id });
    expect(published).toMatchObject({ status: "published", hasUnpublishedChanges: false });
    expect(published.publishedAt).not.toBeNull();
    const domainSearch = (query: string) =>
      searchKnowledge({
        orgId: world.organization.id,
        domainId: world.ops.id,
        selection: { mode: "domain", moduleIds: [] },
        query,
      });
    expect((await domainSearch("zanzibar")).map((hit) => hit.articleId)).toEqual([article.id]);

    const edited = await updateDraft(editor, {
      id: article.id,
      title: "Valve procedure v2",
      draftBody: "Open the kilimanjaro valve quickly.",
    });
    expect(edited).toMatchObject({ title: "Valve procedure v2", status: "published", hasUnpublishedChanges: true });
    const detail = await getArticle(editor, { id: article.id });
    expect(detail).toMatchObject({
      title: "Valve procedure v2",
      draftBody: "Open the kilimanjaro valve quickly.",
      publishedTitle: "Valve procedure",
      publishedBody: "Open the zanzibar valve slowly.",
    });
    expect(await domainSearch("kilimanjaro")).toEqual([]);
    expect((await domainSearch("zanzibar"))[0]).toMatchObject({ articleId: article.id, title: "Valve procedure" });

    const republished = await publishArticle(editor, { id: article.id });
    expect(republished.hasUnpublishedChanges).toBe(false);
    expect(new Date(republished.publishedAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(published.publishedAt!).getTime(),
    );
    expect(await domainSearch("zanzibar")).toEqual([]);
    expect((await domainSearch("kilimanjaro"))[0]).toMatchObject({
      articleId: article.id,
      title: "Valve procedure v2",
    });

    const withdrawn = await unpublishArticle(editor, { id: article.id });
    expect(withdrawn).toMatchObject({ status: "draft", publishedAt: null });
    expect(await domainSearch("kilimanjaro")).toEqual([]);
    expect(await getArticle(editor, { id: article.id })).toMatchObject({
      draftBody: "Open the kilimanjaro valve quickly.",
      publishedBody: null,
    });
  });

  it("publishes a null draft body as an empty published body, found by its title", async () => {
    const article = await createArticle(world.owner, { baseId: world.bases.org, title: "Quetzalcoatl overview" });
    await publishArticle(world.owner, { id: article.id });
    expect(await getArticle(world.owner, { id: article.id })).toMatchObject({
      publishedBody: "",
      publishedTitle: "Quetzalcoatl overview",
    });
    expect((await search(world.organization.id, "quetzalcoatl"))[0]).toMatchObject({
      articleId: article.id,
      snippet: "",
    });
  });

  it("leaves fields out of a patch unchanged, and an empty patch changes nothing", async () => {
    const article = await createArticle(world.owner, { baseId: world.bases.ops, title: "Patch me", draftBody: "Body" });
    await publishArticle(world.owner, { id: article.id });
    expect(await updateDraft(world.owner, { id: article.id })).toMatchObject({
      title: "Patch me",
      hasUnpublishedChanges: false,
    });
    await updateDraft(world.owner, { id: article.id, draftBody: null });
    expect(await getArticle(world.owner, { id: article.id })).toMatchObject({
      title: "Patch me",
      draftBody: null,
      publishedBody: "Body",
    });
  });

  it("lets only managers edit, publish and unpublish, and viewers of the scope read", async () => {
    const article = await createArticle(world.owner, { baseId: world.bases.ops, title: "Guarded" });
    for (const who of ["operator", "viewer", "outsider", "orgAdmin"] as const) {
      const actor = world.people[who].actor;
      await expect(updateDraft(actor, { id: article.id, title: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(publishArticle(actor, { id: article.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(unpublishArticle(actor, { id: article.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await getArticle(world.people.viewer.actor, { id: article.id })).toMatchObject({ canManage: false });
    expect(await getArticle(world.people.editor.actor, { id: article.id })).toMatchObject({ canManage: true });
    await expect(getArticle(world.people.outsider.actor, { id: article.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(getArticle(other.owner, { id: article.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(publishArticle(other.owner, { id: article.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const orgArticle = await createArticle(world.owner, { baseId: world.bases.org, title: "Everyone reads this" });
    expect(await getArticle(world.people.outsider.actor, { id: orgArticle.id })).toMatchObject({ canManage: false });
    expect(
      (await listArticles(world.people.outsider.actor, { baseId: world.bases.org })).articles.map((a) => a.id),
    ).toContain(orgArticle.id);
    await expect(listArticles(world.people.outsider.actor, { baseId: world.bases.ops })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(publishArticle(world.people.editor.actor, { id: orgArticle.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(publishArticle(world.people.orgAdmin.actor, { id: orgArticle.id })).resolves.toMatchObject({
      status: "published",
    });
  });

  it("lists a base's articles newest first, without bodies", async () => {
    const base = (await listBases(other.owner)).bases.find(
      (b) => b.scope === "domain" && b.domainId === other.sales.id,
    )!;
    const first = await createArticle(other.owner, { baseId: base.id, title: "First", draftBody: "one" });
    const second = await createArticle(other.owner, { baseId: base.id, title: "Second", draftBody: "two" });
    await publishArticle(other.owner, { id: first.id });
    const listed = await listArticles(other.owner, { baseId: base.id });
    expect(listed.base).toEqual({
      id: base.id,
      scope: "domain",
      domainId: other.sales.id,
      name: "Sales knowledge",
      canManage: true,
    });
    expect(listed.articles.map((a) => [a.id, a.status])).toEqual([
      [second.id, "draft"],
      [first.id, "published"],
    ]);
    expect(listed.articles[0]).not.toHaveProperty("draftBody");
  });

  it("indexes a 2,000,000-character body of distinct words (beyond one tsvector) by a prefix", async () => {
    const words: string[] = [];
    let length = 0;
    for (let i = 0; length < 2_000_000; i++) {
      const word = `w${i.toString(36)}q`;
      words.push(word);
      length += word.length + 1;
    }
    const body = words.join(" ").slice(0, 2_000_000);
    const article = await createArticle(world.owner, {
      baseId: world.bases.org,
      title: "Enormous glossary",
      draftBody: body,
    });
    await expect(publishArticle(world.owner, { id: article.id })).resolves.toMatchObject({ status: "published" });
    expect(await getArticle(world.owner, { id: article.id })).toMatchObject({ publishedBody: body });
    expect((await search(world.organization.id, "enormous glossary"))[0]?.articleId).toBe(article.id);
    expect((await search(world.organization.id, words[10]!))[0]?.articleId).toBe(article.id);
  }, 120_000);
});
