import type { TCreateApiKeyRequest } from "@/contracts/api-keys/create-api-key";
import type { TUserActor } from "@/server/auth/actor";
import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { API_KEY_SELECT, toApiKey } from "./to-api-key";

/** A personal key of the actor in the actor's organization; the secret is returned once. */
export async function createApiKey(actor: TUserActor, input: TCreateApiKeyRequest) {
  const secret = mintSecret("api_key");
  const row = await db().apiKey.create({
    data: {
      userId: actor.userId,
      organizationId: actor.orgId,
      name: input.name,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
    },
    select: API_KEY_SELECT,
  });
  return { apiKey: toApiKey(row), secret: secret.token };
}
