import { beforeAll, describe, expect, it } from "vitest";
import type { TKnowledgeSelection } from "@/contracts/knowledge/search-knowledge";
import { addArticleToModule } from "./add-article-to-module";
import { createArticle } from "./create-article";
import { createModule } from "./create-module";
import { knowledgeWorld, publishedArticle, type TKnowledgeWorld } from "./knowledge-world.testkit";
import { searchKnowledge } from "./search-knowledge";

let world: TKnowledgeWorld;
let other: TKnowledgeWorld;
const ids: Record<string, string> = {};
let opsModule: string;
let orgModule: string;

const FILLER = "The quarterly review covers staffing, budgets and the cafeteria menu in some detail.";

beforeAll(async () => {
  world = await knowledgeWorld("Acme");
  other = await knowledgeWorld("Globex");
  ids.titleHit = (await publishedArticle(world, world.bases.org, "Turbine maintenance", FILLER)).id;
  ids.bodyHit = (
    await publishedArticle(
      world,
      world.bases.org,
      "Quarterly notes",
      `${FILLER} Remember the turbine inspection next week. ${FILLER}`,
    )
  ).id;
  ids.opsHit = (
    await publishedArticle(world, world.bases.ops, "Ops turbine checklist", "Check the turbine blades for cracks.")
  ).id;
  ids.salesHit = (
    await publishedArticle(world, world.bases.sales, "Sales turbine pitch", "Sell turbines to utilities.")
  ).id;
  ids.draft = (
    await createArticle(world.owner, {
      baseId: world.bases.org,
      title: "Unpublished turbine secrets",
      draftBody: "turbine",
    })
  ).id;
  ids.otherOrg = (
    await publishedArticle(other, other.bases.org, "Globex turbine handbook", "turbine turbine turbine")
  ).id;
  ids.otherOps = (await publishedArticle(other, other.bases.ops, "Globex ops turbine", "turbine")).id;
  opsModule = (await createModule(world.owner, { kind: "domain", domainId: world.ops.id, name: "Turbines" })).id;
  orgModule = (await createModule(world.owner, { kind: "org", name: "Company" })).id;
  await addArticleToModule(world.owner, { moduleId: opsModule, articleId: ids.opsHit! });
  await addArticleToModule(world.owner, { moduleId: opsModule, articleId: ids.bodyHit! });
  await addArticleToModule(world.owner, { moduleId: orgModule, articleId: ids.titleHit! });
});

const search = (
  selection: TKnowledgeSelection,
  query = "turbine",
  options: { domainId?: string | null; limit?: number; orgId?: string } = {},
) =>
  searchKnowledge({
    orgId: options.orgId ?? world.organization.id,
    domainId: options.domainId === undefined ? world.ops.id : options.domainId,
    selection,
    query,
    limit: options.limit,
  });
const hitIds = async (...args: Parameters<typeof search>) => (await search(...args)).map((hit) => hit.articleId);
const mode = (m: TKnowledgeSelection["mode"], moduleIds: string[] = []): TKnowledgeSelection => ({
  mode: m,
  moduleIds,
});

describe("searchKnowledge", () => {
  it("finds nothing in mode none", async () => {
    expect(await search(mode("none"))).toEqual([]);
  });

  it("searches the organization's base in mode org, title matches first", async () => {
    const hits = await search(mode("org"));
    expect(hits.map((hit) => hit.articleId)).toEqual([ids.titleHit, ids.bodyHit]);
    expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank);
    for (const hit of hits) {
      expect(hit.rank).toBeGreaterThan(0);
      expect(hit.rank).toBeLessThan(1);
    }
    expect(hits[1]).toMatchObject({ title: "Quarterly notes", snippet: expect.stringContaining("**turbine**") });
    // A title-only match still shows the start of the body.
    expect(hits[0]!.snippet).toMatch(/^The quarterly review/);
  });

  it("searches the agent's domain base plus the organization's base in mode domain", async () => {
    expect((await hitIds(mode("domain"))).sort()).toEqual([ids.titleHit, ids.bodyHit, ids.opsHit].sort());
    expect((await hitIds(mode("domain"), "turbine", { domainId: world.sales.id })).sort()).toEqual(
      [ids.titleHit, ids.bodyHit, ids.salesHit].sort(),
    );
    expect((await hitIds(mode("domain"), "turbine", { domainId: null })).sort()).toEqual(
      [ids.titleHit, ids.bodyHit].sort(),
    );
  });

  it("searches only the listed modules of this organization in mode modules", async () => {
    expect((await hitIds(mode("modules", [opsModule]))).sort()).toEqual([ids.opsHit, ids.bodyHit].sort());
    expect((await hitIds(mode("modules", [opsModule, orgModule, opsModule]))).sort()).toEqual(
      [ids.opsHit, ids.bodyHit, ids.titleHit].sort(),
    );
    expect(await hitIds(mode("modules", []))).toEqual([]);
    expect(await hitIds(mode("modules", ["not-a-uuid", crypto.randomUUID()]))).toEqual([]);
    // Another organization's search never reaches these modules.
    expect(await hitIds(mode("modules", [opsModule, orgModule]), "turbine", { orgId: other.organization.id })).toEqual(
      [],
    );
  });

  it("never returns unpublished articles or another organization's", async () => {
    for (const selection of [mode("org"), mode("domain"), mode("modules", [opsModule, orgModule])]) {
      const found = await hitIds(selection);
      expect(found).not.toContain(ids.draft);
      expect(found).not.toContain(ids.otherOrg);
      expect(found).not.toContain(ids.otherOps);
    }
    // A domain id of another organization adds nothing either.
    expect((await hitIds(mode("domain"), "turbine", { domainId: other.ops.id })).sort()).toEqual(
      [ids.titleHit, ids.bodyHit].sort(),
    );
    expect(
      (await hitIds(mode("domain"), "turbine", { orgId: other.organization.id, domainId: other.ops.id })).sort(),
    ).toEqual([ids.otherOrg, ids.otherOps].sort());
  });

  it("stems words and accepts web-search syntax", async () => {
    expect(await hitIds(mode("org"), "turbines")).toEqual([ids.titleHit, ids.bodyHit]);
    expect(await hitIds(mode("org"), '"turbine maintenance"')).toEqual([ids.titleHit]);
    expect(await hitIds(mode("org"), "turbine -inspection")).toEqual([ids.titleHit]);
    expect(await hitIds(mode("org"), "cafeteria or nonexistentword")).toHaveLength(2);
  });

  it("finds nothing for empty, stop-word-only or unmatched queries", async () => {
    for (const query of ["", "   ", "the and of", "zyxwvut", "!!! ???"])
      expect(await search(mode("org"), query)).toEqual([]);
  });

  it("honours the limit", async () => {
    expect(await hitIds(mode("domain"), "turbine", { limit: 1 })).toHaveLength(1);
    expect(await hitIds(mode("domain"), "turbine", { limit: 0 })).toHaveLength(1);
    expect(await hitIds(mode("domain"), "turbine", { limit: 1000 })).toHaveLength(3);
    expect(await hitIds(mode("domain"), "turbine", { limit: Number.NaN })).toHaveLength(3);
  });

  it("returns the published title and a snippet around the match", async () => {
    const [hit] = await search(mode("modules", [opsModule]), "cracks");
    expect(hit).toEqual({
      articleId: ids.opsHit,
      title: "Ops turbine checklist",
      snippet: expect.stringContaining("**cracks**"),
      rank: expect.any(Number),
    });
  });
});
