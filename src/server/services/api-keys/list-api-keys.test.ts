import { describe, expect, it } from "vitest";
import { actorIn, addOrgMember, createApiKeyFor, createOrganization } from "../../../../test/factories";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

describe("listApiKeys", () => {
  it("lists only the caller's own keys in the caller's organization", async () => {
    const { actor, organization } = await actorIn();
    const mine = await createApiKey(actor, { name: "Mine" });

    // The same person's key in another organization.
    const elsewhere = await createOrganization("Elsewhere");
    await addOrgMember(elsewhere.id, actor.userId, "OWNER");
    await createApiKeyFor(actor.userId, elsewhere.id, { name: "Elsewhere" });
    // A colleague's key in the same organization.
    const colleague = await actorIn();
    await addOrgMember(organization.id, colleague.user.id, "OWNER");
    await createApiKeyFor(colleague.user.id, organization.id, { name: "Colleague" });

    const { apiKeys } = await listApiKeys(actor);
    expect(apiKeys.map((key) => key.id)).toEqual([mine.apiKey.id]);
    expect(apiKeys[0]).toEqual(mine.apiKey);
  });

  it("lists newest first and includes revoked keys", async () => {
    const { actor } = await actorIn();
    const first = await createApiKey(actor, { name: "First" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createApiKey(actor, { name: "Second" });
    await revokeApiKey(actor, { id: first.apiKey.id });
    const { apiKeys } = await listApiKeys(actor);
    expect(apiKeys.map((key) => key.name)).toEqual(["Second", "First"]);
    expect(apiKeys[0]!.id).toBe(second.apiKey.id);
    expect(apiKeys[1]!.revokedAt).not.toBeNull();
  });

  it("is empty for someone without keys", async () => {
    const { actor } = await actorIn();
    expect(await listApiKeys(actor)).toEqual({ apiKeys: [] });
  });
});
