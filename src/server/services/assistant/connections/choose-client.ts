import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { byokClient, managedClient, type TAppSource, type TOAuthClient } from "@/server/oauth/oauth-client";
import type { TConnectionProvider, TPresetId } from "@/server/oauth/presets";

async function storedApp(orgId: string, tx: TTransaction) {
  return tx.organizationOAuthApp.findUnique({
    where: { organizationId: orgId },
    select: { appId: true, values: true, clientSecret: true, state: true },
  });
}

/**
 * The app a new connect link uses: the customer's own app when it selected `byok`, otherwise
 * the service's own app for the provider. Never the other one as a fallback: a customer that
 * chose its own app does not silently get the service's. 400 MANAGED_OAUTH_UNAVAILABLE when the
 * chosen side has no app for this provider (spec 4.8 rule 3).
 */
export async function chooseClient(
  orgId: string,
  provider: TConnectionProvider,
  tx: TTransaction = db(),
): Promise<TOAuthClient> {
  const app = await storedApp(orgId, tx);
  const client = app?.state === "byok" ? await byokClient(app, provider) : managedClient(provider);
  if (client) return client;
  throw new AppError(
    "MANAGED_OAUTH_UNAVAILABLE",
    app?.state === "byok"
      ? `This organization selected its own OAuth app, but it has none usable for ${provider}: set it with PUT /oauth-apps.`
      : `No OAuth app is available for ${provider}: the service has none configured for it, and the organization has not selected its own (PUT /oauth-apps, then PUT /oauth-apps/idp/state { state: "byok" }).`,
    { details: { provider } },
  );
}

/**
 * The same client a link or a connection was made with, rebuilt now, or null when it is no
 * longer configured (the customer switched apps, or the operator removed the service's app).
 * Tokens are only ever used with the client that obtained them.
 */
export async function clientFor(
  orgId: string,
  appSource: string,
  preset: string,
  provider: TConnectionProvider,
  tx: TTransaction = db(),
): Promise<TOAuthClient | null> {
  const source = appSource as TAppSource;
  const client = source === "byok" ? await byokClient(await storedApp(orgId, tx), provider) : managedClient(provider);
  return client && client.preset === (preset as TPresetId) ? client : null;
}
