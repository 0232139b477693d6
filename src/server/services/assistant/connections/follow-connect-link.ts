import { randomPKCECodeVerifier, calculatePKCECodeChallenge, randomState, buildAuthorizationUrl } from "openid-client";
import { db } from "@/server/db/client";
import { oauthRedirectUri, openidConfiguration } from "@/server/oauth/oauth-client";
import type { TConnectionProvider } from "@/server/oauth/presets";
import { seal } from "@/server/vault/vault";
import { returnError, type TBrowserOutcome } from "./browser-outcome";
import { clientFor } from "./choose-client";
import { hashSecret } from "./start-connection";

/** How long the person may spend at the provider's consent screen once the link was followed. */
export const AUTHORIZATION_TTL_MS = 15 * 60 * 1000;

const refusal = (status: number, title: string, message: string): TBrowserOutcome => ({
  kind: "page",
  status,
  title,
  message,
});

/**
 * GET /connect/{token}: consumes the link in one statement (only an unused, unexpired link of
 * an active worker), binds a fresh `state` and PKCE S256 verifier to it, and sends the browser to
 * the provider. A used or expired link is a page, never a redirect: the link may have leaked.
 */
export async function followConnectLink(token: string): Promise<TBrowserOutcome> {
  const tokenHash = hashSecret(token);
  // Made before the statement: the vault may read its keyring on first use.
  const state = randomState();
  const verifier = randomPKCECodeVerifier();
  const sealedVerifier = await seal(verifier);
  const now = new Date();
  // One UPDATE ... WHERE ... RETURNING: of two concurrent uses exactly one gets the row.
  const [link] = await db().connectLink.updateManyAndReturn({
    where: { tokenHash, consumedAt: null, expiresAt: { gt: now }, worker: { status: "ACTIVE" } },
    data: {
      consumedAt: now,
      stateHash: hashSecret(state),
      codeVerifier: sealedVerifier,
      stateExpiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
    },
    select: { organizationId: true, workerId: true, provider: true, returnTo: true, appSource: true, preset: true },
  });
  if (!link) return whyRefused(tokenHash, now);
  const provider = link.provider as TConnectionProvider;
  const worker = await db().assistantWorker.findUnique({ where: { id: link.workerId }, select: { email: true } });
  const client = await clientFor(link.organizationId, link.appSource, link.preset, provider);
  if (!client) return returnError(link.returnTo, "app_unavailable");
  const url = buildAuthorizationUrl(openidConfiguration(client), {
    redirect_uri: oauthRedirectUri(),
    scope: client.scopes.join(" "),
    state,
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    // The end user's address preselects their account at the provider (a hint, not a constraint).
    ...(worker?.email ? { login_hint: worker.email } : {}),
    ...client.authorizeParams,
  });
  return { kind: "redirect", location: url.href };
}

async function whyRefused(tokenHash: string, now: Date): Promise<TBrowserOutcome> {
  const link = await db().connectLink.findUnique({
    where: { tokenHash },
    select: { consumedAt: true, expiresAt: true },
  });
  if (link?.consumedAt)
    return refusal(
      410,
      "This link was already used",
      "A connect link works only once. Go back to the app you came from and start connecting again.",
    );
  if (link && link.expiresAt <= now)
    return refusal(
      410,
      "This link has expired",
      "A connect link lasts 10 minutes. Go back to the app you came from and start connecting again.",
    );
  return refusal(
    404,
    "This link is not valid",
    "The link is unknown or its account no longer exists. Go back to the app you came from and start connecting again.",
  );
}
