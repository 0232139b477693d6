import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { addArticleToModule } from "./add-article-to-module";
import { createArticle } from "./create-article";
import { createModule } from "./create-module";
import { getArticle } from "./get-article";
import { getModule } from "./get-module";
import { knowledgeWorld, publishedArticle, type TKnowledgeWorld } from "./knowledge-world.testkit";
import { listModules } from "./list-modules";
import { removeArticleFromModule } from "./remove-article-from-module";

let world: TKnowledgeWorld;
let other: TKnowledgeWorld;

beforeAll(async () => {
  world = await knowledgeWorld("Acme");
  other = await knowledgeWorld("Globex");
});

describe("creating modules", () => {
  it("creates a domain module and an organization module", async () => {
    const domainModule = await createModule(world.people.editor.actor, {
      kind: "domain",
      domainId: world.ops.id,
      name: "Pumps",
      description: "All about pumps",
    });
    expect(domainModule).toEqual({
      id: expect.any(String),
      kind: "domain",
      domainId: world.ops.id,
      name: "Pumps",
      description: "All about pumps",
      createdAt: expect.any(String),
    });
    const orgModule = await createModule(world.people.orgAdmin.actor, { kind: "org", name: "Company" });
    expect(orgModule).toMatchObject({ kind: "org", domainId: null, name: "Company", description: null });
    expect(await createModule(world.owner, { kind: "org", name: "Blank", description: "" })).toMatchObject({
      description: null,
    });
  });

  it.each([
    ["owner", "domain", "created"],
    ["editor", "domain", "created"],
    ["operator", "domain", "FORBIDDEN"],
    ["viewer", "domain", "FORBIDDEN"],
    ["outsider", "domain", "FORBIDDEN"],
    ["orgAdmin", "domain", "FORBIDDEN"],
    ["owner", "org", "created"],
    ["orgAdmin", "org", "created"],
    ["editor", "org", "FORBIDDEN"],
    ["viewer", "org", "FORBIDDEN"],
  ] as const)("%s creating a %s module: %s", async (who, kind, outcome) => {
    const input = kind === "domain" ? { kind, domainId: world.ops.id, name: "Probe" } : { kind, name: "Probe" };
    const attempt = createModule(world.people[who].actor, input);
    if (outcome === "created") await expect(attempt).resolves.toMatchObject({ kind });
    else await expect(attempt).rejects.toMatchObject({ code: outcome, status: 403 });
  });

  it("answers 404 for a domain of another organization or an unknown one", async () => {
    for (const domainId of [other.ops.id, crypto.randomUUID()]) {
      await expect(createModule(world.owner, { kind: "domain", domainId, name: "x" })).rejects.toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      });
    }
  });
});

describe("module membership", () => {
  let opsModule: string;
  let orgModule: string;
  let opsArticle: string;
  let orgArticle: string;
  let salesArticle: string;
  let draftArticle: string;

  beforeAll(async () => {
    opsModule = (await createModule(world.owner, { kind: "domain", domainId: world.ops.id, name: "Ops module" })).id;
    orgModule = (await createModule(world.owner, { kind: "org", name: "Org module" })).id;
    opsArticle = (await publishedArticle(world, world.bases.ops, "Ops article")).id;
    orgArticle = (await publishedArticle(world, world.bases.org, "Org article")).id;
    salesArticle = (await publishedArticle(world, world.bases.sales, "Sales article")).id;
    draftArticle = (await createArticle(world.owner, { baseId: world.bases.ops, title: "Draft article" })).id;
  });

  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "added",
      (error: { code: string; details?: { reason?: string } }) => `${error.code}:${error.details?.reason ?? ""}`,
    );

  it("follows the compatibility matrix", async () => {
    const add = (moduleId: string, articleId: string) =>
      reasonOf(addArticleToModule(world.owner, { moduleId, articleId }));
    expect(await add(opsModule, opsArticle)).toBe("added");
    expect(await add(opsModule, orgArticle)).toBe("added");
    expect(await add(opsModule, salesArticle)).toBe("CONFLICT:incompatible");
    expect(await add(opsModule, draftArticle)).toBe("CONFLICT:unpublished");
    expect(await add(orgModule, orgArticle)).toBe("added");
    expect(await add(orgModule, opsArticle)).toBe("CONFLICT:incompatible");
    expect(await add(orgModule, salesArticle)).toBe("CONFLICT:incompatible");
    const error = await addArticleToModule(world.owner, { moduleId: opsModule, articleId: draftArticle }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("answers the existing membership when the article is added again, also concurrently", async () => {
    const first = await addArticleToModule(world.people.editor.actor, { moduleId: opsModule, articleId: opsArticle });
    const again = await Promise.all([
      addArticleToModule(world.people.editor.actor, { moduleId: opsModule, articleId: opsArticle }),
      addArticleToModule(world.people.editor.actor, { moduleId: opsModule, articleId: opsArticle }),
    ]);
    expect(again).toEqual([first, first]);
    expect(first).toEqual({
      id: expect.any(String),
      moduleId: opsModule,
      articleId: opsArticle,
      createdAt: expect.any(String),
    });
    expect(await db().knowledgeModuleArticle.count({ where: { moduleId: opsModule, articleId: opsArticle } })).toBe(1);
  });

  it("needs the right to manage the module", async () => {
    for (const who of ["operator", "viewer", "outsider", "orgAdmin"] as const) {
      await expect(
        addArticleToModule(world.people[who].actor, { moduleId: opsModule, articleId: orgArticle }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    for (const who of ["editor", "viewer", "outsider"] as const) {
      await expect(
        addArticleToModule(world.people[who].actor, { moduleId: orgModule, articleId: orgArticle }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(
      addArticleToModule(world.people.orgAdmin.actor, { moduleId: orgModule, articleId: orgArticle }),
    ).resolves.toMatchObject({ moduleId: orgModule });
    await expect(
      removeArticleFromModule(world.people.viewer.actor, { moduleId: opsModule, articleId: orgArticle }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("answers 404 when the module or the article is of another organization or unknown", async () => {
    const theirModule = (await createModule(other.owner, { kind: "org", name: "Theirs" })).id;
    const theirArticle = (await publishedArticle(other, other.bases.org, "Their article")).id;
    const cases: Array<[string, string]> = [
      [theirModule, orgArticle],
      [orgModule, theirArticle],
      [crypto.randomUUID(), orgArticle],
      [orgModule, crypto.randomUUID()],
      ["nope", orgArticle],
    ];
    for (const [moduleId, articleId] of cases) {
      await expect(addArticleToModule(world.owner, { moduleId, articleId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      });
    }
    await expect(getModule(world.owner, { id: theirModule })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows modules with their articles, and removes articles idempotently", async () => {
    const detail = await getModule(world.people.viewer.actor, { id: opsModule });
    expect(detail).toMatchObject({ id: opsModule, kind: "domain", canManage: false, articleCount: 2 });
    expect(detail.articles.map((a) => [a.articleId, a.title, a.status])).toEqual([
      [opsArticle, "Ops article", "published"],
      [orgArticle, "Org article", "published"],
    ]);
    expect((await getArticle(world.owner, { id: orgArticle })).modules.map((m) => m.id).sort()).toEqual(
      [opsModule, orgModule].sort(),
    );

    expect(
      await removeArticleFromModule(world.people.editor.actor, { moduleId: opsModule, articleId: orgArticle }),
    ).toEqual({ removed: true });
    expect(
      await removeArticleFromModule(world.people.editor.actor, { moduleId: opsModule, articleId: orgArticle }),
    ).toEqual({ removed: false });
    expect((await getModule(world.owner, { id: opsModule })).articles.map((a) => a.articleId)).toEqual([opsArticle]);
  });

  it("lists organization modules to every member and domain modules to the domain's members", async () => {
    const names = async (who: keyof TKnowledgeWorld["people"]) => (await listModules(world.people[who].actor)).modules;
    const outsider = await names("outsider");
    expect(outsider.every((m) => m.kind === "org" && !m.canManage)).toBe(true);
    expect(outsider.map((m) => m.id)).toContain(orgModule);
    const viewer = await names("viewer");
    expect(viewer.find((m) => m.id === opsModule)).toMatchObject({ canManage: false, articleCount: 1 });
    const editor = await names("editor");
    expect(editor.find((m) => m.id === opsModule)).toMatchObject({ canManage: true });
    expect(editor.find((m) => m.id === orgModule)).toMatchObject({ canManage: false });
    expect((await names("orgAdmin")).find((m) => m.id === orgModule)).toMatchObject({ canManage: true });
    // Organization modules first.
    const kinds = (await names("owner")).map((m) => m.kind);
    expect(kinds.indexOf("domain")).toBeGreaterThan(kinds.lastIndexOf("org"));
    await expect(getModule(world.people.outsider.actor, { id: opsModule })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
