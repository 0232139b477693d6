import type { TokenEndpointResponse } from "openid-client";
import { seal } from "@/server/vault/vault";

/**
 * The columns a token response sets: both tokens sealed, the scopes the provider granted (its
 * `scope` when it says, else what was asked for), and when the access token expires (null when
 * the provider does not say). A response without a refresh token leaves `refreshToken` undefined,
 * so a refresh keeps the one it has (Google sends it only once).
 */
export async function tokenFields(tokens: TokenEndpointResponse, requestedScopes: string[], now: Date) {
  return {
    accessToken: await seal(tokens.access_token),
    refreshToken: tokens.refresh_token ? await seal(tokens.refresh_token) : undefined,
    scopes: tokens.scope ? tokens.scope.split(" ").filter(Boolean) : requestedScopes,
    expiresAt: typeof tokens.expires_in === "number" ? new Date(now.getTime() + tokens.expires_in * 1000) : null,
  };
}
