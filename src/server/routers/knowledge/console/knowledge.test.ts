import { beforeAll, describe, expect, it } from "vitest";
import { mintSessionCookie, SESSION_COOKIE } from "@/server/auth/session-cookie";
import { findAppError } from "@/server/errors";
import { appRouter } from "@/server/routers/root";
import { knowledgeWorld, type TKnowledgeWorld } from "@/server/services/knowledge/knowledge-world.testkit";
import { searchKnowledge } from "@/server/services/knowledge/search-knowledge";
import { createContext } from "@/server/trpc/context";
import { createCallerFactory } from "@/server/trpc/init";

// The console's knowledge procedures through the real router with a real session cookie.

let world: TKnowledgeWorld;
const createCaller = createCallerFactory(appRouter);

async function consoleAs(who: keyof TKnowledgeWorld["people"] | null) {
  const headers = new Headers();
  if (who) {
    const cookie = await mintSessionCookie({ sub: world.people[who].actor.userId, orgId: world.organization.id });
    headers.set("cookie", `${SESSION_COOKIE}=${encodeURIComponent(cookie)}`);
  }
  return createCaller(createContext(new Request("http://localhost/api/trpc", { headers }), "console")).knowledge;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => findAppError(error)?.code ?? (error as { code?: string }).code,
  );

beforeAll(async () => {
  world = await knowledgeWorld("Acme");
});

describe("console knowledge procedures", () => {
  it("need a signed-in session with an organization", async () => {
    const anonymous = await consoleAs(null);
    expect(await failure(anonymous.listBases())).toBe("UNAUTHORIZED");
    expect(await failure(anonymous.createModule({ kind: "org", name: "x" }))).toBe("UNAUTHORIZED");
  });

  it("author, publish and organize an article end to end", async () => {
    const editor = await consoleAs("editor");
    const { bases } = await editor.listBases();
    const opsBase = bases.find((base) => base.domainId === world.ops.id)!;
    expect(opsBase).toMatchObject({ scope: "domain", canManage: true, name: "Ops knowledge" });

    const article = await editor.createArticle({
      baseId: opsBase.id,
      title: "Boiler",
      draftBody: "Bleed the boiler monthly.",
    });
    expect(article.status).toBe("draft");
    await editor.updateDraft({ id: article.id, draftBody: "Bleed the boiler weekly." });
    expect(await editor.publishArticle({ id: article.id })).toMatchObject({
      status: "published",
      hasUnpublishedChanges: false,
    });
    await editor.updateDraft({ id: article.id, draftBody: "Replace the boiler." });
    expect(await editor.getArticle({ id: article.id })).toMatchObject({
      draftBody: "Replace the boiler.",
      publishedBody: "Bleed the boiler weekly.",
      hasUnpublishedChanges: true,
    });
    const hits = await searchKnowledge({
      orgId: world.organization.id,
      domainId: world.ops.id,
      selection: { mode: "domain", moduleIds: [] },
      query: "weekly",
    });
    expect(hits.map((hit) => hit.articleId)).toEqual([article.id]);

    const knowledgeModule = await editor.createModule({ kind: "domain", domainId: world.ops.id, name: "Boilers" });
    const membership = await editor.addArticleToModule({ moduleId: knowledgeModule.id, articleId: article.id });
    expect(membership).toMatchObject({ moduleId: knowledgeModule.id, articleId: article.id });
    expect((await editor.getModule({ id: knowledgeModule.id })).articles.map((a) => a.articleId)).toEqual([article.id]);
    expect((await editor.listModules()).modules.find((m) => m.id === knowledgeModule.id)).toMatchObject({
      articleCount: 1,
      canManage: true,
    });
    expect((await editor.listArticles({ baseId: opsBase.id })).articles.map((a) => a.id)).toContain(article.id);

    expect(await editor.removeArticleFromModule({ moduleId: knowledgeModule.id, articleId: article.id })).toEqual({
      removed: true,
    });
    expect(await editor.unpublishArticle({ id: article.id })).toMatchObject({ status: "draft" });
    expect(
      await searchKnowledge({
        orgId: world.organization.id,
        domainId: world.ops.id,
        selection: { mode: "domain", moduleIds: [] },
        query: "weekly",
      }),
    ).toEqual([]);
  });

  it("apply the same permissions and strict inputs as the machine routes", async () => {
    const viewer = await consoleAs("viewer");
    expect(await failure(viewer.createArticle({ baseId: world.bases.ops, title: "x" }))).toBe("FORBIDDEN");
    expect(await failure(viewer.createModule({ kind: "org", name: "x" }))).toBe("FORBIDDEN");
    expect(await failure(viewer.getArticle({ id: crypto.randomUUID() }))).toBe("NOT_FOUND");
    const owner = await consoleAs("owner");
    expect(await failure(owner.createArticle({ baseId: world.bases.ops, title: "x", extra: 1 } as never))).toBe(
      "BAD_REQUEST",
    );
    expect(await failure(owner.updateDraft({ id: crypto.randomUUID(), title: "t".repeat(241) }))).toBe("BAD_REQUEST");
    expect(await failure(owner.createModule({ kind: "org", domainId: world.ops.id, name: "x" }))).toBe("BAD_REQUEST");
  });
});
