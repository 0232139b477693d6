import { describe, expect, it } from "vitest";
import { actorIn, addOrgMember, bearerHeaders, createApiKeyFor, createOrganization } from "../../../../test/factories";
import { authenticateBearer } from "@/server/auth/authenticate";
import { db } from "@/server/db/client";
import { createApiKey } from "./create-api-key";
import { revokeApiKey } from "./revoke-api-key";

/** The organization's audit entries, oldest first, as stored. */
async function auditOf(organizationId: string) {
  return db().auditEntry.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, actorUserId: true, actorLabel: true, subjectId: true, summary: true, data: true },
  });
}

describe("revokeApiKey", () => {
  it("revokes the caller's key, which stops authenticating at once", async () => {
    const { actor } = await actorIn();
    const { apiKey, secret } = await createApiKey(actor, { name: "Soon gone" });
    expect(await authenticateBearer(bearerHeaders(secret), ["api_key"])).not.toBeNull();
    const { apiKey: revoked } = await revokeApiKey(actor, { id: apiKey.id });
    expect(revoked).toMatchObject({ id: apiKey.id, name: "Soon gone", revokedAt: expect.any(String) });
    expect(await authenticateBearer(bearerHeaders(secret), ["api_key"])).toBeNull();
  });

  it("keeps the first revocation time when revoked twice", async () => {
    const { actor } = await actorIn();
    const { apiKey } = await createApiKey(actor, { name: "Twice" });
    const first = await revokeApiKey(actor, { id: apiKey.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await revokeApiKey(actor, { id: apiKey.id });
    expect(second.apiKey.revokedAt).toBe(first.apiKey.revokedAt);
  });

  it("answers NOT_FOUND for another user's key in the same organization, and leaves it working", async () => {
    const { actor, organization } = await actorIn({ orgRole: "OWNER" });
    const colleague = await actorIn();
    await addOrgMember(organization.id, colleague.user.id);
    const theirs = await createApiKeyFor(colleague.user.id, organization.id);
    await expect(revokeApiKey(actor, { id: theirs.row.id })).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: theirs.row.id } })).revokedAt).toBeNull();
    expect(await authenticateBearer(bearerHeaders(theirs.token), ["api_key"])).not.toBeNull();
  });

  it("answers NOT_FOUND for the caller's own key in another organization", async () => {
    const { actor } = await actorIn();
    const elsewhere = await createOrganization("Elsewhere");
    await addOrgMember(elsewhere.id, actor.userId);
    const other = await createApiKeyFor(actor.userId, elsewhere.id);
    await expect(revokeApiKey(actor, { id: other.row.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: other.row.id } })).revokedAt).toBeNull();
  });

  it("answers NOT_FOUND for an unknown id", async () => {
    const { actor } = await actorIn();
    await expect(revokeApiKey(actor, { id: crypto.randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
  });

  it("logs the first revocation only, by name and never the secret; a refused revocation logs nothing", async () => {
    const { actor, organization } = await actorIn({ orgRole: "OWNER" });
    const { apiKey, secret } = await createApiKey(actor, { name: "Logged" });
    await revokeApiKey(actor, { id: apiKey.id });
    await revokeApiKey(actor, { id: apiKey.id });
    const colleague = await actorIn();
    await addOrgMember(organization.id, colleague.user.id);
    const theirs = await createApiKeyFor(colleague.user.id, organization.id);
    await expect(revokeApiKey(actor, { id: theirs.row.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const entries = await auditOf(organization.id);
    expect(entries.map((entry) => [entry.kind, entry.summary, entry.subjectId])).toEqual([
      ["api_key.created", 'Created the API key "Logged"', apiKey.id],
      ["api_key.revoked", 'Revoked the API key "Logged"', apiKey.id],
    ]);
    expect(entries[1]).toMatchObject({ actorUserId: actor.userId, data: { name: "Logged", prefix: apiKey.prefix } });
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});
