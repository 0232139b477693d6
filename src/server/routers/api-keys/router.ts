import { router } from "@/server/trpc/init";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

export const apiKeysRouter = router({ list: listApiKeys, create: createApiKey, revoke: revokeApiKey });
