import { refreshTokenGrant, ResponseBodyError } from "openid-client";
import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { openidConfiguration } from "@/server/oauth/oauth-client";
import { presetOf, type TConnectionProvider, type TPresetId } from "@/server/oauth/presets";
import { open } from "@/server/vault/vault";
import { recordAssistantEvent } from "@/server/services/assistant/events/record-assistant-event";
import { clientFor } from "./choose-client";
import { tokenFields } from "./token-fields";

/** A token that expires within this window is refreshed before use. */
export const REFRESH_MARGIN_MS = 60 * 1000;

export type TWorkerAccessToken = { accessToken: string; preset: TPresetId; apiBaseUrl: string };

type TRow = {
  id: string;
  organizationId: string;
  workerId: string;
  provider: string;
  appSource: string;
  preset: string;
  status: string;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  lastError: string | null;
};

const SELECT = {
  id: true,
  organizationId: true,
  workerId: true,
  provider: true,
  appSource: true,
  preset: true,
  status: true,
  accessToken: true,
  refreshToken: true,
  expiresAt: true,
  lastError: true,
} as const;

const apiBaseUrlOf = (row: TRow) => presetOf(row.preset as TPresetId).apiBaseUrl[row.provider as TConnectionProvider];

const failed = (row: Pick<TRow, "provider" | "lastError">) =>
  new AppError(
    "CONNECTION_FAILED",
    `The worker's ${row.provider} connection no longer works (${row.lastError ?? "refused"}): the end user must connect it again with a new connect link.`,
    {
      details: { provider: row.provider, error_code: row.lastError },
    },
  );

/**
 * The access token a mail or calendar tool acts with, for one worker and provider: the stored
 * one while it is valid for at least another minute, else a refreshed one (openid-client's
 * refresh grant with the client that obtained it). `forceRefresh` after the provider answered
 * 401. Concurrent refreshes of one connection serialize on its row lock, and a caller that waited
 * takes the token the first one got. A refresh the provider refuses marks the connection `error`
 * with `last_error`, records `connection.failed` and throws CONNECTION_FAILED; there is never a
 * fallback to another credential. No connection: CONNECTION_REQUIRED.
 */
export async function workerAccessToken(options: {
  workerId: string;
  provider: TConnectionProvider;
  forceRefresh?: boolean;
}): Promise<TWorkerAccessToken> {
  const seen = await db().workerConnection.findUnique({
    where: { workerId_provider: { workerId: options.workerId, provider: options.provider } },
    select: SELECT,
  });
  if (!seen)
    throw new AppError(
      "CONNECTION_REQUIRED",
      `The worker has no ${options.provider} connection: send the end user a connect link (POST /workers/{w}/connections/${options.provider}/start).`,
      { details: { provider: options.provider } },
    );
  if (seen.status === "ERROR") throw failed(seen);
  if (!options.forceRefresh && !expiresSoon(seen))
    return {
      accessToken: await open(seen.accessToken),
      preset: seen.preset as TPresetId,
      apiBaseUrl: apiBaseUrlOf(seen),
    };

  const outcome = await db().$transaction(async (tx) => {
    const row = await lockConnection(tx, seen.id);
    if (!row) return { kind: "gone" as const };
    if (row.status === "ERROR") return { kind: "failed" as const, row };
    // Someone refreshed while this call waited for the lock: theirs is the fresh token.
    if (row.accessToken !== seen.accessToken && !expiresSoon(row)) return { kind: "ok" as const, row };
    return refreshLocked(tx, row);
  });
  if (outcome.kind === "gone")
    throw new AppError("CONNECTION_REQUIRED", `The worker's ${options.provider} connection was removed.`, {
      details: { provider: options.provider },
    });
  if (outcome.kind === "failed") throw failed(outcome.row);
  if (outcome.kind === "unavailable")
    throw new AppError(
      "UNAVAILABLE",
      `The ${options.provider} provider could not be reached to refresh the token; try again shortly.`,
      { details: { provider: options.provider } },
    );
  return {
    accessToken: await open(outcome.row.accessToken),
    preset: outcome.row.preset as TPresetId,
    apiBaseUrl: apiBaseUrlOf(outcome.row),
  };
}

const expiresSoon = (row: Pick<TRow, "expiresAt">) =>
  row.expiresAt !== null && row.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;

async function lockConnection(tx: TTransaction, id: string): Promise<TRow | null> {
  const [locked] = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT "id"::text AS "id" FROM "worker_connections" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!locked) return null;
  return tx.workerConnection.findUnique({ where: { id }, select: SELECT });
}

/**
 * The refresh itself, under the row lock. A refusal by the provider (an OAuth error answer such
 * as invalid_grant), a missing refresh token or a client no longer configured marks the
 * connection; a network failure or a 5xx does not (the grant is probably fine), it is UNAVAILABLE.
 */
async function refreshLocked(tx: TTransaction, row: TRow) {
  const provider = row.provider as TConnectionProvider;
  const client = await clientFor(row.organizationId, row.appSource, row.preset, provider, tx);
  let errorCode: string;
  if (!client) errorCode = "app_unavailable";
  else if (!row.refreshToken) errorCode = "no_refresh_token";
  else {
    try {
      const now = new Date();
      const tokens = await refreshTokenGrant(openidConfiguration(client), await open(row.refreshToken));
      const fields = await tokenFields(tokens, client.scopes, now);
      const updated = await tx.workerConnection.update({
        where: { id: row.id },
        data: { ...fields, lastError: null },
        select: SELECT,
      });
      return { kind: "ok" as const, row: updated };
    } catch (error) {
      if (!(error instanceof ResponseBodyError) || error.status >= 500) {
        log.warn("connection.refresh_unavailable", { connectionId: row.id, provider, error: (error as Error).name });
        return { kind: "unavailable" as const };
      }
      errorCode = error.error;
    }
  }
  log.warn("connection.refresh_refused", { connectionId: row.id, provider, errorCode });
  const marked = await tx.workerConnection.update({
    where: { id: row.id },
    data: { status: "ERROR", lastError: errorCode },
    select: SELECT,
  });
  await recordAssistantEvent(tx, {
    organizationId: row.organizationId,
    workerId: row.workerId,
    type: "connection.failed",
    data: { provider, connection_id: row.id, error_code: errorCode },
  });
  return { kind: "failed" as const, row: marked };
}
