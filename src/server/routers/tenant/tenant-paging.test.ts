import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addDomainMember, createDomain } from "../../../../test/factories";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";
import { createConnection } from "@/server/services/connections/create-connection";
import { createFlow } from "@/server/services/flows/create-flow";

// Cursor paging of the tenant lists (issue 40): `limit` and `cursor` in, `nextCursor` out, in each
// list's own order with the id as tie-breaker; a cursor is a position, so an item inserted between
// pages is neither repeated nor skips another; a cursor that is not this list's is 400.

let w: TTenantWorld;
let baseId: string;

beforeAll(async () => {
  w = await tenantWorld();
  const bases = await w.tenant("GET", "/authoring/knowledge-bases");
  baseId = bases.body.bases.find((base: { domainId: string | null }) => base.domainId === w.domain.id).id;
});

type TItem = { id: string };
const pick = (body: Record<string, unknown>, key: string) =>
  (body[key] as Array<TItem & { trigger?: TItem }>).map((item) => item.trigger?.id ?? item.id);
const withPage = (path: string, limit: number, cursor?: string) =>
  `${path}${path.includes("?") ? "&" : "?"}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** Every page of a list, `between` run after the first one; the last page's nextCursor is null. */
async function walk(path: string, key: string, limit: number, between?: () => Promise<unknown>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (;;) {
    const answer = await w.tenant("GET", withPage(path, limit, cursor));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push(pick(answer.body, key));
    if (pages.length === 1) await between?.();
    if (answer.body.nextCursor === null) return pages;
    expect(answer.body.nextCursor).toEqual(expect.any(String));
    cursor = answer.body.nextCursor;
    expect(pages.length).toBeLessThan(20);
  }
}

async function expectBadCursors(path: string, foreign: string) {
  for (const cursor of ["nope", Buffer.from('["agents"]').toString("base64url"), foreign]) {
    const answer = await w.tenant("GET", withPage(path, 2, cursor));
    expect(answer.status, cursor).toBe(400);
    expect(answer.body.error.code).toBe("VALIDATION");
    expect(answer.body.error.message).toContain("cursor");
  }
  const zero = await w.tenant("GET", withPage(path, 0));
  expect(zero.status).toBe(400);
  expect(zero.body.error.message).toContain("limit");
}

/** A cursor of another list: the first page's nextCursor of the domains. */
let foreignCursor: string;
beforeAll(async () => {
  await createDomain(w.orgId, "Paging A");
  await createDomain(w.orgId, "Paging B");
  const domains = await w.tenant("GET", "/domains?limit=1");
  foreignCursor = domains.body.nextCursor;
});

describe("tenant lists page by cursor", () => {
  it("agents: three pages of 2 over 5 by name, an agent inserted before the cursor is not repeated", async () => {
    const names = ["Pa-c", "Pa-a", "Pa-e", "Pa-b", "Pa-d"];
    const ids = new Map<string, string>();
    for (const name of names) {
      const created = await w.tenant("POST", "/authoring/automations", { body: { domainId: w.domain.id, name } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.set(name, created.body.id);
    }
    const inOrder = [...names].sort().map((name) => ids.get(name)!);
    const path = `/agents?domainId=${w.domain.id}`;
    expect(pick((await w.tenant("GET", path)).body, "agents")).toEqual(inOrder);
    const pages = await walk(path, "agents", 2, () =>
      w.tenant("POST", "/authoring/automations", { body: { domainId: w.domain.id, name: "Pa-a0" } }),
    );
    expect(pages).toEqual([inOrder.slice(0, 2), inOrder.slice(2, 4), inOrder.slice(4)]);
    await expectBadCursors(path, foreignCursor);
  });

  it("connections: three pages of 2 over 5, oldest first; one inserted before the cursor is not repeated", async () => {
    const domain = await createDomain(w.orgId, "Paging connections");
    await addDomainMember(domain.id, w.owner.id, "OWNER");
    const create = (name: string) =>
      createConnection(w.ownerActor, {
        domainId: domain.id,
        integrationId: "service.http",
        name,
        token: `tok-${randomUUID()}`,
      });
    const made: string[] = [];
    for (const name of ["C1", "C2", "C3", "C4", "C5"]) made.push((await create(name)).connection.id);
    const path = `/connections?domainId=${domain.id}`;
    expect(pick((await w.tenant("GET", path)).body, "connections")).toEqual(made);
    const pages = await walk(path, "connections", 2, async () => {
      // Older than every other: an offset would now repeat the first page's last item.
      const early = await create("Early");
      await db().connection.update({ where: { id: early.connection.id }, data: { createdAt: new Date(0) } });
    });
    expect(pages).toEqual([made.slice(0, 2), made.slice(2, 4), made.slice(4)]);
    await expectBadCursors(path, foreignCursor);
  });

  it("knowledge articles: three pages of 2 over 5, newest first; one written between pages is not repeated", async () => {
    const made: string[] = [];
    for (const title of ["A1", "A2", "A3", "A4", "A5"]) {
      const created = await w.tenant("POST", `/authoring/knowledge-bases/${baseId}/articles`, {
        body: { title, draftBody: `${title}: the body.` },
      });
      expect(created.status).toBe(201);
      made.push(created.body.id);
    }
    const newestFirst = [...made].reverse();
    const path = `/authoring/knowledge-bases/${baseId}/articles`;
    const whole = await w.tenant("GET", path);
    expect(pick(whole.body, "articles")).toEqual(newestFirst);
    expect(whole.body.nextCursor).toBeNull();
    const pages = await walk(path, "articles", 2, () =>
      w.tenant("POST", path, { body: { title: "Between", draftBody: "Written between pages." } }),
    );
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    await expectBadCursors(path, foreignCursor);
    // Another base's cursor is foreign here too.
    const orgBase = (await w.tenant("GET", "/authoring/knowledge-bases")).body.bases[0].id;
    await w.tenant("POST", `/authoring/knowledge-bases/${orgBase}/articles`, { body: { title: "O1", draftBody: "x" } });
    await w.tenant("POST", `/authoring/knowledge-bases/${orgBase}/articles`, { body: { title: "O2", draftBody: "x" } });
    const other = await w.tenant("GET", withPage(`/authoring/knowledge-bases/${orgBase}/articles`, 1));
    expect(other.body.nextCursor).toEqual(expect.any(String));
    expect((await w.tenant("GET", withPage(path, 2, other.body.nextCursor))).status).toBe(400);
  });

  it("domains, flows, triggers, bases and modules: pages of one walk the whole list in order", async () => {
    for (const name of ["F1", "F2", "F3"]) await createFlow(w.ownerActor, { domainId: w.domain.id, name });
    for (const name of ["T1", "T2", "T3"]) {
      const created = await w.tenant("POST", "/triggers", {
        body: { type: "schedule", domainId: w.domain.id, name, cron: "0 6 * * 1-5" },
      });
      expect(created.status).toBe(201);
    }
    for (const name of ["M2", "M1"]) {
      const created = await w.tenant("POST", "/authoring/knowledge-modules", {
        body: { kind: "domain", domainId: w.domain.id, name },
      });
      expect(created.status).toBe(201);
    }
    await w.tenant("POST", "/authoring/knowledge-modules", { body: { kind: "org", name: "Org module" } });
    const lists: Array<[string, string]> = [
      ["/domains", "items"],
      [`/flows?domainId=${w.domain.id}`, "flows"],
      [`/triggers?domainId=${w.domain.id}`, "triggers"],
      ["/authoring/knowledge-bases", "bases"],
      ["/authoring/knowledge-modules", "modules"],
    ];
    for (const [path, key] of lists) {
      const whole = await w.tenant("GET", path);
      expect(whole.status, path).toBe(200);
      expect(whole.body.nextCursor, path).toBeNull();
      const all = pick(whole.body, key);
      expect(all.length, path).toBeGreaterThanOrEqual(3);
      expect((await walk(path, key, 1)).flat(), path).toEqual(all);
      const agentsCursor = (await w.tenant("GET", withPage("/agents", 1))).body.nextCursor;
      await expectBadCursors(path, path === "/domains" ? agentsCursor : foreignCursor);
    }
  });
});
