import { db, type TTransaction } from "@/server/db/client";
import { isUuid } from "@/contracts/common/ids";
import { AppError, notFound } from "@/server/errors";
import { oauthRedirectUri } from "@/server/oauth/oauth-client";
import { byokPresets, isPresetId, presetOf, type TAppField } from "@/server/oauth/presets";
import { readFollower } from "@/server/services/partner/follower-access";
import { seal } from "@/server/vault/vault";
import { idempotentCall } from "@/server/idempotency/idempotent-call";

export type TOAuthAppsTarget = { platformId: string; orgId: string; subject: string | null };

export type TOAuthAppsView = {
  apps: Array<{ id: string; name: string; fields: TAppField[] }>;
  state: "managed" | "byok";
  configured: { appId: string; values: Record<string, string>; clientSecretHint: string | null } | null;
  redirectUri: string;
};

/**
 * Spec 4.8 rule 1: the oauth-apps calls need "a worker with the organization admin role". The
 * caller names it in `X-Service-Subject`: the `partnerSubject` of a named worker the platform
 * vouched in this customer (spec 4.7) whose person holds the organization role Owner or Admin
 * and is not disabled, re-read on every call. Anything else is 403 FORBIDDEN.
 */
async function assertAdminWorker(target: TOAuthAppsTarget): Promise<void> {
  if (!isUuid(target.orgId)) throw notFound();
  await readFollower(target.platformId, target.orgId);
  const refuse = (why: string) =>
    new AppError("FORBIDDEN", `The oauth-apps routes need an organization admin worker: ${why}`);
  if (!target.subject)
    throw refuse(
      "send X-Service-Subject with the partnerSubject of a vouched worker whose organization role is Owner or Admin.",
    );
  const mapping = await db().workerMapping.findUnique({
    where: { organizationId_partnerSubject: { organizationId: target.orgId, partnerSubject: target.subject } },
    select: {
      platformId: true,
      user: {
        select: {
          disabledAt: true,
          orgMemberships: { where: { organizationId: target.orgId }, select: { role: true } },
        },
      },
    },
  });
  if (!mapping || mapping.platformId !== target.platformId || mapping.user.disabledAt)
    throw refuse("X-Service-Subject names no vouched worker of this organization.");
  const role = mapping.user.orgMemberships[0]?.role;
  if (role !== "OWNER" && role !== "ADMIN")
    throw refuse("the worker named in X-Service-Subject is not an Owner or Admin of the organization.");
}

/** The GET answer; read with the caller's transaction when inside one (PGlite: never the outer client there). */
async function view(orgId: string, tx: TTransaction = db()): Promise<TOAuthAppsView> {
  const row = await tx.organizationOAuthApp.findUnique({
    where: { organizationId: orgId },
    select: { appId: true, values: true, clientSecretHint: true, state: true },
  });
  return {
    apps: byokPresets().map((preset) => ({ id: preset.id, name: preset.name, fields: preset.fields })),
    state: row?.state === "byok" ? "byok" : "managed",
    configured: row?.appId
      ? {
          appId: row.appId,
          values: (row.values ?? {}) as Record<string, string>,
          clientSecretHint: row.clientSecretHint,
        }
      : null,
    redirectUri: oauthRedirectUri(),
  };
}

/** GET /oauth-apps. */
export async function readOAuthApps(target: TOAuthAppsTarget): Promise<TOAuthAppsView> {
  await assertAdminWorker(target);
  return view(target.orgId);
}

/**
 * PUT /oauth-apps { appId, values }: sets the customer's own app (one per organization; a new
 * appId replaces the old one). Keys come from the app's `fields`; every required field is
 * needed; the secret is sealed and only its hint is kept readable. Does not select it.
 */
export async function putOAuthApp(
  target: TOAuthAppsTarget & { appId: string; values: Record<string, string>; idempotencyKey: string | null },
): Promise<{ body: TOAuthAppsView; replayed: boolean }> {
  await assertAdminWorker(target);
  const preset = isPresetId(target.appId)
    ? byokPresets().find((candidate) => candidate.id === target.appId)
    : undefined;
  if (!preset)
    throw new AppError(
      "VALIDATION",
      `appId: “${target.appId}” is not one of the apps GET /oauth-apps lists (${byokPresets()
        .map((p) => p.id)
        .join(", ")}).`,
      { details: { field: "appId" } },
    );
  const fields = presetOf(preset.id).fields;
  const known = new Set(fields.map((field) => field.key));
  const issues = [
    ...Object.keys(target.values)
      .filter((key) => !known.has(key))
      .map((key) => `values.${key} is not a field of ${preset.id}`),
    ...fields
      .filter((field) => field.required && !target.values[field.key]?.trim())
      .map((field) => `values.${field.key} is required`),
  ];
  if (issues.length)
    throw new AppError("VALIDATION", `${issues[0]}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}.`, {
      details: { field: "values", issues },
    });
  const secretField = fields.find((field) => field.secret)!;
  const secret = target.values[secretField.key]!;
  const values = Object.fromEntries(
    fields
      .filter((field) => !field.secret && target.values[field.key]?.trim())
      .map((field) => [field.key, target.values[field.key]!.trim()]),
  );
  const sealed = await seal(secret);
  const data = { appId: preset.id, values, clientSecret: sealed, clientSecretHint: `…${secret.slice(-4)}` };
  return idempotentCall<TOAuthAppsView>({
    orgId: target.orgId,
    scope: "assistant.oauth-apps",
    key: target.idempotencyKey,
    request: { appId: target.appId, values: target.values },
    status: 200,
    execute: (record) =>
      db().$transaction(async (tx) => {
        await tx.organizationOAuthApp.upsert({
          where: { organizationId: target.orgId },
          create: { organizationId: target.orgId, ...data },
          update: data,
          select: { organizationId: true },
        });
        const body = await view(target.orgId, tx);
        await record?.(tx, body);
        return body;
      }),
  });
}

/**
 * PUT /oauth-apps/idp/state { state }: `byok` selects the customer's own app for new connect
 * links (409 CONFLICT while none is set); `managed` goes back to the service's own apps.
 * Existing connections keep the app that made them.
 */
export async function putOAuthState(
  target: TOAuthAppsTarget & { state: "byok" | "managed"; idempotencyKey: string | null },
): Promise<{ body: TOAuthAppsView; replayed: boolean }> {
  await assertAdminWorker(target);
  return idempotentCall<TOAuthAppsView>({
    orgId: target.orgId,
    scope: "assistant.oauth-apps.state",
    key: target.idempotencyKey,
    request: { state: target.state },
    status: 200,
    execute: (record) =>
      db().$transaction(async (tx) => {
        if (target.state === "byok") {
          const row = await tx.organizationOAuthApp.findUnique({
            where: { organizationId: target.orgId },
            select: { appId: true },
          });
          if (!row?.appId)
            throw new AppError(
              "CONFLICT",
              "There is no app of the organization's own to select: set it first with PUT /oauth-apps.",
              { details: { configuration: "oauth_app" } },
            );
        }
        await tx.organizationOAuthApp.upsert({
          where: { organizationId: target.orgId },
          create: { organizationId: target.orgId, state: target.state },
          update: { state: target.state },
          select: { organizationId: true },
        });
        const body = await view(target.orgId, tx);
        await record?.(tx, body);
        return body;
      }),
  });
}
