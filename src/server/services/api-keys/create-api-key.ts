import type { TCreateApiKeyRequest } from "@/contracts/api-keys/create-api-key";
import type { TUserActor } from "@/server/auth/actor";
import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { API_KEY_SELECT, toApiKey } from "./to-api-key";

/**
 * A personal key of the actor in the actor's organization; the secret is returned once. The
 * audit entry names the key and its readable prefix, never the secret.
 */
export async function createApiKey(actor: TUserActor, input: TCreateApiKeyRequest) {
  const secret = mintSecret("api_key");
  const row = await db().$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        userId: actor.userId,
        organizationId: actor.orgId,
        name: input.name,
        prefix: secret.prefix,
        secretHash: secret.secretHash,
      },
      select: API_KEY_SELECT,
    });
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "api_key.created",
      subject: { type: "api_key", id: created.id },
      summary: `Created the API key "${created.name}"`,
      data: { name: created.name, prefix: created.prefix },
    });
    return created;
  });
  return { apiKey: toApiKey(row), secret: secret.token };
}
