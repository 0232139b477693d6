import { AuthorizationResponseError, authorizationCodeGrant } from "openid-client";
import { db } from "@/server/db/client";
import { log } from "@/server/log";
import { oauthRedirectUri, openidConfiguration } from "@/server/oauth/oauth-client";
import type { TConnectionProvider } from "@/server/oauth/presets";
import { open } from "@/server/vault/vault";
import { returnError, returnToWith, type TBrowserOutcome } from "./browser-outcome";
import { clientFor } from "./choose-client";
import { hashSecret } from "./start-connection";
import { tokenFields } from "./token-fields";

const unknownState: TBrowserOutcome = {
  kind: "page",
  status: 400,
  title: "This sign-in cannot be completed",
  message:
    "The response does not belong to a connect link this service issued (or its account no longer exists). Go back to the app you came from and start connecting again.",
};

/**
 * GET /oauth/callback: the provider's answer to one followed connect link, found by its `state`
 * and completed exactly once. Exchanges the code (openid-client, with the link's PKCE verifier),
 * stores the tokens sealed, upserts the worker's connection for the provider and sends the
 * browser to return_to with `status=connected&connectionId=`, or `status=error&error=<code>`.
 * `query` is the callback's query string as received.
 */
export async function completeConnection(query: string): Promise<TBrowserOutcome> {
  const params = new URLSearchParams(query);
  const state = params.get("state");
  if (!state) return unknownState;
  const now = new Date();
  const stateHash = hashSecret(state);
  const [link] = await db().connectLink.updateManyAndReturn({
    where: { stateHash, completedAt: null },
    data: { completedAt: now },
    select: {
      id: true,
      organizationId: true,
      workerId: true,
      provider: true,
      returnTo: true,
      appSource: true,
      preset: true,
      codeVerifier: true,
      stateExpiresAt: true,
    },
  });
  if (!link) {
    const used = await db().connectLink.findUnique({ where: { stateHash }, select: { returnTo: true } });
    return used ? returnError(used.returnTo, "state_invalid") : unknownState;
  }
  if (!link.stateExpiresAt || link.stateExpiresAt <= now || !link.codeVerifier)
    return returnError(link.returnTo, "link_expired");
  const providerError = params.get("error");
  if (providerError)
    return returnError(link.returnTo, providerError === "access_denied" ? "access_denied" : "provider_error");
  const provider = link.provider as TConnectionProvider;
  const client = await clientFor(link.organizationId, link.appSource, link.preset, provider);
  if (!client) return returnError(link.returnTo, "app_unavailable");

  let tokens: Awaited<ReturnType<typeof authorizationCodeGrant>>;
  try {
    // The callback URL as registered (never the Host a proxy passed on), with the answer's query.
    const callbackUrl = new URL(oauthRedirectUri());
    callbackUrl.search = params.toString();
    tokens = await authorizationCodeGrant(openidConfiguration(client), callbackUrl, {
      pkceCodeVerifier: await open(link.codeVerifier),
      expectedState: state,
    });
  } catch (error) {
    if (error instanceof AuthorizationResponseError && error.error === "access_denied")
      return returnError(link.returnTo, "access_denied");
    // Never the error object itself: it may quote the token response.
    // Its name, OAuth error and library code say what failed without quoting the response.
    const failure = error as { error?: string; code?: string; name?: string; cause?: { status?: number } };
    log.warn("connection.code_exchange_failed", {
      linkId: link.id,
      provider,
      preset: client.preset,
      error: failure.error ?? failure.name,
      code: failure.code,
      status: failure.cause?.status,
    });
    return returnError(link.returnTo, "provider_error");
  }

  const fields = await tokenFields(tokens, client.scopes, now);
  const connection = await db().$transaction(async (tx) => {
    const worker = await tx.assistantWorker.findFirst({
      where: { id: link.workerId, status: "ACTIVE" },
      select: { id: true },
    });
    if (!worker) return null;
    const data = {
      status: "CONNECTED" as const,
      appSource: client.appSource,
      preset: client.preset,
      connectedAt: now,
      lastError: null,
      ...fields,
      refreshToken: fields.refreshToken ?? null,
    };
    return tx.workerConnection.upsert({
      where: { workerId_provider: { workerId: link.workerId, provider } },
      create: { organizationId: link.organizationId, workerId: link.workerId, provider, ...data },
      update: data,
      select: { id: true },
    });
  });
  if (!connection) return unknownState;
  return returnToWith(link.returnTo, { status: "connected", connectionId: connection.id });
}
