import type { TConnection } from "@/contracts/connections/connection";
import { createHmac } from "node:crypto";
import type { TCreateConnectionRequest } from "@/contracts/connections/create-connection";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { findVisibleIntegration } from "@/server/integrations/catalog";
import { seal } from "@/server/vault/vault";
import { signingSecret } from "@/server/auth/signing-secret";
import { canonicalJson } from "@/server/idempotency/request-digest";
import { recordAudit } from "@/server/services/audit/record-audit";
import { CONNECTION_SELECT, secretHint, type TConnectionSecret, toConnection } from "./to-connection";

/**
 * Stores the organization's credential for one integration in one domain. The secret is
 * sealed by the vault before it reaches the database and is never returned; the material
 * must be what the integration accepts (a token if it takes one, only fields it declares).
 * `record` (an Idempotency-Key's recorder) commits the answer with the row and its audit entry.
 */
export async function createConnection(
  actor: TUserActor,
  input: TCreateConnectionRequest,
  record?: TRecordAnswer<{ connection: TConnection }>,
): Promise<{ connection: TConnection }> {
  await assertCan(actor, "edit_automation", input.domainId);
  const integration = await findVisibleIntegration(actor.orgId, input.integrationId);
  if (!integration) throw notFound("integration");
  const { credential } = integration;
  if (!credential.token && !credential.fields.length) {
    throw new AppError(
      "VALIDATION",
      `${integration.name} (${integration.id}) takes no credential, so it needs no connection.`,
    );
  }
  if (input.token !== undefined && !credential.token) {
    throw new AppError("VALIDATION", `${integration.id} does not accept a token; give its fields instead.`, {
      details: { field: "token" },
    });
  }
  const declared = new Set(credential.fields.map((field) => field.name));
  const undeclared = Object.keys(input.fields ?? {}).filter((name) => !declared.has(name));
  if (undeclared.length) {
    const accepted = declared.size ? `It accepts: ${[...declared].join(", ")}.` : "It accepts no fields.";
    throw new AppError(
      "VALIDATION",
      `${integration.id} does not declare the field ${undeclared.join(", ")}. ${accepted}`,
      { details: { fields: undeclared } },
    );
  }
  const secret: TConnectionSecret = {
    ...(input.token !== undefined ? { token: input.token } : {}),
    ...(input.fields ? { fields: input.fields } : {}),
  };
  const sealedSecret = await seal(JSON.stringify(secret));
  return db().$transaction(async (tx) => {
    const row = await tx.connection.create({
      data: {
        organizationId: actor.orgId,
        domainId: input.domainId,
        integrationId: integration.id,
        name: input.name,
        sealedSecret,
        secretHint: secretHint(secret),
        createdById: actor.userId,
      },
      select: CONNECTION_SELECT,
    });
    const created = { connection: toConnection(row) };
    // What was connected and where, never the material (not even its hint).
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "connection.created",
      subject: { type: "connection", id: row.id },
      summary: `Connected ${integration.name} as "${input.name}"`,
      data: { name: input.name, integrationId: integration.id, domainId: input.domainId },
    });
    await record?.(tx, created);
    return created;
  });
}

/**
 * What an Idempotency-Key's request equality covers for a create: every field, the material only
 * as an HMAC under the service secret (as fire's callerCredentials, spec 4.5 rule 4), so the
 * stored digest can never confirm a guessed secret and a refreshed secret is another request.
 */
export async function connectionRequestIdentity(input: TCreateConnectionRequest) {
  const { token, fields, ...rest } = input;
  const material = createHmac("sha256", await signingSecret())
    .update(canonicalJson({ token, fields }))
    .digest("hex");
  return { ...rest, material };
}
