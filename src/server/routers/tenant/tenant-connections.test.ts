import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import { partnerPlatform, seedFollower } from "../../../../test/partner-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";
import { createConnection } from "@/server/services/connections/create-connection";
import { resolveConnectionSecret } from "@/server/services/connections/resolve-connection-secret";

// Connections on the partner tenant door (issue 40): the console's service, run as the subject;
// the secret is write-only (sealed by the vault, never answered, never in the idempotency record).

let w: TTenantWorld;
let otherOrgId: string;
let editorUserId: string;
const HTTP = "service.http";
const token = () => `tok-${randomUUID()}`;

beforeAll(async () => {
  w = await tenantWorld();
  await w.vouch("viewer-1", "viewer");
  await w.vouch("operator-1", "operator");
  editorUserId = (await w.vouch("editor-1", "editor")).userId;
  const other = await partnerPlatform();
  otherOrgId = (await seedFollower(other.platform.id)).organization.id;
});

const create = (body: Record<string, unknown>, o: { subject?: string; key?: string; orgPath?: string } = {}) =>
  w.tenant("POST", `${o.orgPath ?? ""}/connections`, {
    subject: o.subject ?? "editor-1",
    body: { domainId: w.domain.id, integrationId: HTTP, name: "Orders API", ...body },
    headers: o.key ? { "idempotency-key": o.key } : {},
  });

describe("tenant connections", () => {
  it("an Editor creates one: the secret is sealed by the vault and only its hint answers", async () => {
    const secret = token();
    const created = await create({ token: secret });
    expect(created.status).toBe(201);
    expect(created.body.connection).toMatchObject({
      domainId: w.domain.id,
      integrationId: HTTP,
      name: "Orders API",
      secretHint: `token …${secret.slice(-4)}`,
    });
    expect(JSON.stringify(created.body)).not.toContain(secret);
    const row = await db().connection.findUniqueOrThrow({ where: { id: created.body.connection.id } });
    expect(row.sealedSecret).not.toContain(secret);
    expect(row.createdById).toBe(editorUserId);
    expect(await resolveConnectionSecret(row.id, w.orgId)).toEqual({ token: secret });
  });

  it("lists the domain's connections with hints, never the secret; Viewers and Operators get the console's 403", async () => {
    const secret = token();
    const { body } = await create({ name: "Listed", fields: { api_key: secret } });
    const listed = await w.tenant("GET", `/connections?domainId=${w.domain.id}`, { subject: "owner" });
    expect(listed.status).toBe(200);
    expect(listed.body.connections).toContainEqual(body.connection);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    for (const subject of ["viewer-1", "operator-1"]) {
      const refused = await w.tenant("GET", `/connections?domainId=${w.domain.id}`, { subject });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
      const createRefused = await create({ token: token() }, { subject });
      expect(createRefused.status).toBe(403);
      expect(createRefused.body.error).toEqual(refused.body.error);
    }
  });

  it("replays by Idempotency-Key without a second row; a refreshed secret under the same key is 409", async () => {
    const secret = token();
    const key = `conn-${randomUUID()}`;
    const first = await create({ name: "Keyed", token: secret }, { key });
    expect(first.status).toBe(201);
    const replay = await create({ name: "Keyed", token: secret }, { key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await db().connection.count({ where: { organizationId: w.orgId, name: "Keyed" } })).toBe(1);
    const refreshed = await create({ name: "Keyed", token: token() }, { key });
    expect(refreshed.status).toBe(409);
    expect(refreshed.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    // The record holds the answer (hint only) and a digest: never the material.
    const records = await db().idempotencyRecord.findMany({ where: { organizationId: w.orgId, key } });
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain(secret);
  });

  it("refuses material the integration does not take and a body with no secret (400), as the console does", async () => {
    const none = await create({});
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("VALIDATION");
    const undeclared = await create({ fields: { nope: "x" } });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.message).toContain("does not declare the field nope");
    const unknownIntegration = await create({ integrationId: "no.such", token: token() });
    expect(unknownIntegration.status).toBe(404);
  });

  it("deletes: a Viewer may not, an Editor may; then the id names nothing", async () => {
    const { body } = await create({ name: "Doomed", token: token() });
    const id = body.connection.id as string;
    const refused = await w.tenant("DELETE", `/connections/${id}`, { subject: "viewer-1" });
    expect(refused.status).toBe(403);
    const deleted = await w.tenant("DELETE", `/connections/${id}`, { subject: "editor-1" });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id });
    expect(await db().connection.count({ where: { id } })).toBe(0);
    expect((await w.tenant("DELETE", `/connections/${id}`, { subject: "editor-1" })).status).toBe(404);
  });

  it("another organization's connection is a 404; another platform's customer and a nonexistent one answer byte for byte the same", async () => {
    const elsewhere = await actorIn({ domainRole: "OWNER" });
    const foreign = await createConnection(elsewhere.actor, {
      domainId: elsewhere.domain.id,
      integrationId: HTTP,
      name: "Foreign",
      token: token(),
    });
    const notHere = await w.tenant("DELETE", `/connections/${foreign.connection.id}`);
    expect(notHere.status).toBe(404);
    expect(await db().connection.count({ where: { id: foreign.connection.id } })).toBe(1);
    const foreignDomain = await w.tenant("GET", `/connections?domainId=${elsewhere.domain.id}`);
    expect(foreignDomain.status).toBe(404);
    const answers = await Promise.all([
      w.tenant("GET", `/organizations/${otherOrgId}/connections?domainId=${w.domain.id}`),
      w.tenant("GET", `/organizations/${randomUUID()}/connections?domainId=${w.domain.id}`),
      create({ token: token() }, { orgPath: `/organizations/${otherOrgId}`, subject: "owner" }),
      create({ token: token() }, { orgPath: `/organizations/${randomUUID()}`, subject: "owner" }),
      w.tenant("DELETE", `/organizations/${otherOrgId}/connections/${foreign.connection.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(JSON.stringify(answers[0]!.body));
    }
  });
});
