import { describe, expect, it } from "vitest";
import { actorIn, bearerHeaders } from "../../../../test/factories";
import { authenticateBearer } from "@/server/auth/authenticate";
import { hashSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";

/** The organization's audit entries, oldest first, as stored. */
async function auditOf(organizationId: string) {
  return db().auditEntry.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, actorUserId: true, actorLabel: true, subjectId: true, summary: true, data: true },
  });
}

describe("createApiKey", () => {
  it("returns the whole secret once, with the key's public description", async () => {
    const { actor } = await actorIn();
    const { apiKey, secret } = await createApiKey(actor, { name: "CI pipeline" });
    expect(secret).toMatch(/^yk_[0-9A-Za-z]{52}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: "CI pipeline",
      prefix: secret.slice(0, apiKey.prefix.length),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey.prefix.length).toBeLessThan(secret.length);
    expect(JSON.stringify(apiKey)).not.toContain(secret);
  });

  it("stores only the hash of the secret", async () => {
    const { actor } = await actorIn();
    const { apiKey, secret } = await createApiKey(actor, { name: "Stored" });
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM api_keys`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.slice(apiKey.prefix.length));
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.secretHash).toBe(hashSecret(secret));
    expect(row).toMatchObject({ userId: actor.userId, organizationId: actor.orgId });
  });

  it("never shows the secret again when keys are listed", async () => {
    const { actor } = await actorIn();
    const { secret } = await createApiKey(actor, { name: "Listed" });
    const listed = await listApiKeys(actor);
    expect(listed.apiKeys).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("creates a key that authenticates as its owner in the organization it was created in", async () => {
    const { actor } = await actorIn({ orgRole: "ADMIN" });
    const { apiKey, secret } = await createApiKey(actor, { name: "Works" });
    expect(await authenticateBearer(bearerHeaders(secret), ["api_key"])).toMatchObject({
      userId: actor.userId,
      orgId: actor.orgId,
      orgRole: "ADMIN",
      via: "api_key",
      credentialId: apiKey.id,
    });
  });

  it("mints a different secret for every key", async () => {
    const { actor } = await actorIn();
    const first = await createApiKey(actor, { name: "One" });
    const second = await createApiKey(actor, { name: "Two" });
    expect(first.secret).not.toBe(second.secret);
    expect(first.apiKey.prefix).not.toBe(second.apiKey.prefix);
  });

  it("logs the creation for the organization's Owners: who, the key's name, never the secret", async () => {
    const { actor } = await actorIn();
    const { apiKey, secret } = await createApiKey(actor, { name: "Audited key" });
    const entries = await auditOf(actor.orgId);
    expect(entries).toEqual([
      {
        kind: "api_key.created",
        actorUserId: actor.userId,
        actorLabel: `${actor.name} <${actor.email}>`,
        subjectId: apiKey.id,
        summary: 'Created the API key "Audited key"',
        data: { name: "Audited key", prefix: apiKey.prefix },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});
