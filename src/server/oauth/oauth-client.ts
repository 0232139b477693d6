import * as oidc from "openid-client";
import { env, publicBaseUrl } from "@/server/env";
import { open } from "@/server/vault/vault";
import { presetOf, type TConnectionProvider, type TPresetId, type TServerEndpoints } from "./presets";

/** Where the customer's or the service's app sends the browser back: one URI for the deployment. */
export function oauthRedirectUri(): string {
  return `${publicBaseUrl()}/oauth/callback`;
}

export type TAppSource = "managed" | "byok";

/** Everything one OAuth conversation needs: the client, its endpoints and what to ask for. */
export type TOAuthClient = {
  appSource: TAppSource;
  preset: TPresetId;
  clientId: string;
  clientSecret: string | undefined;
  endpoints: TServerEndpoints;
  scopes: string[];
  authorizeParams: Record<string, string>;
  apiBaseUrl: string;
};

/** The customer's stored app (OrganizationOAuthApp), as the services read it. */
export type TStoredApp = { appId: string | null; values: unknown; clientSecret: string | null; state: string };

function clientOf(
  appSource: TAppSource,
  presetId: TPresetId,
  provider: TConnectionProvider,
  clientId: string,
  clientSecret: string | undefined,
  values: Record<string, string>,
): TOAuthClient | null {
  const preset = presetOf(presetId);
  const endpoints = preset.endpoints(values);
  if (!endpoints || preset.scopes[provider].length === 0) return null;
  return {
    appSource,
    preset: presetId,
    clientId,
    clientSecret,
    endpoints,
    scopes: preset.scopes[provider],
    authorizeParams: preset.authorizeParams,
    apiBaseUrl: preset.apiBaseUrl[provider],
  };
}

/** The service's own app for a provider (OAUTH_<PROVIDER>_*), or null when none is configured. */
export function managedClient(provider: TConnectionProvider): TOAuthClient | null {
  const [presetId, clientId, clientSecret] =
    provider === "mail"
      ? [env.OAUTH_MAIL_PRESET, env.OAUTH_MAIL_CLIENT_ID, env.OAUTH_MAIL_CLIENT_SECRET]
      : [env.OAUTH_CALENDAR_PRESET, env.OAUTH_CALENDAR_CLIENT_ID, env.OAUTH_CALENDAR_CLIENT_SECRET];
  if (!clientId) return null;
  return clientOf("managed", presetId, provider, clientId, clientSecret, {});
}

/** The customer's own app for a provider (its secret opened from the vault), or null when it has none. */
export async function byokClient(app: TStoredApp | null, provider: TConnectionProvider): Promise<TOAuthClient | null> {
  if (!app?.appId || !app.clientSecret) return null;
  const values = (app.values ?? {}) as Record<string, string>;
  if (!values.clientId) return null;
  return clientOf("byok", app.appId as TPresetId, provider, values.clientId, await open(app.clientSecret), values);
}

const isLoopbackHttp = (value: string) => {
  const url = new URL(value);
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
};

/**
 * openid-client's configuration for a client: no discovery request (the presets know their
 * endpoints), the client secret sent in the body (what Google and Microsoft document), and plain
 * http allowed only for loopback endpoints (env.ts refuses any other http URL).
 */
export function openidConfiguration(client: TOAuthClient): oidc.Configuration {
  const config = new oidc.Configuration(
    client.endpoints,
    client.clientId,
    { redirect_uris: [oauthRedirectUri()] },
    client.clientSecret ? oidc.ClientSecretPost(client.clientSecret) : oidc.None(),
  );
  const { authorization_endpoint, token_endpoint, revocation_endpoint } = client.endpoints;
  if ([authorization_endpoint, token_endpoint, revocation_endpoint].some((url) => url && isLoopbackHttp(url)))
    oidc.allowInsecureRequests(config);
  return config;
}

export { oidc };
