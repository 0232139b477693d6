import { randomBytes } from "node:crypto";
import type { TCreateTriggerRequest, TCreateTriggerResponse } from "@/contracts/triggers/create-trigger";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { recordAudit } from "@/server/services/audit/record-audit";
import { seal } from "@/server/vault/vault";
import { planSchedule } from "./schedule";
import { toTrigger, TRIGGER_SELECT } from "./to-trigger";
import { validateEventAccess, validateEventCatalog } from "./validate-event-source";

type TTypeColumns = Omit<Prisma.TriggerUncheckedCreateInput, "organizationId" | "domainId" | "name" | "type">;

/** 32 random bytes: the ingress URL is a capability, so it must not be guessable. */
const newIngressToken = () => randomBytes(32).toString("base64url");

/** Everything that needs no transaction: parsing, catalog checks, sealing the secret. */
async function typeColumns(orgId: string, input: TCreateTriggerRequest): Promise<TTypeColumns> {
  if (input.type === "api") return {};
  if (input.type === "schedule") {
    const { timezone, nextFireAt } = planSchedule(input.cron, input.timezone);
    return {
      cron: input.cron.trim().split(/\s+/).join(" "),
      timezone,
      nextFireAt,
      input: (input.input ?? {}) as Prisma.InputJsonValue,
    };
  }
  await validateEventCatalog(orgId, input);
  return {
    sourceIntegrationId: input.sourceIntegrationId,
    connectionId: input.connectionId,
    eventType: input.eventType,
    ...(input.eventFilter ? { eventFilter: input.eventFilter } : {}),
    sealedEndpointSecret: input.endpointSecret === undefined ? null : await seal(input.endpointSecret),
    ingressToken: newIngressToken(),
  };
}

const TYPE = { schedule: "SCHEDULE", api: "API", event: "EVENT" } as const;

/**
 * Creates a trigger in a domain where the actor may edit automations (404 for a domain outside
 * the organization, 403 without the permission). The rollout and connection checks and the
 * insert of the trigger with its ingress registration (token, sealed secret) and its audit entry
 * are one transaction.
 */
export async function createTrigger(
  actor: TUserActor,
  input: TCreateTriggerRequest,
  record?: TRecordAnswer<TCreateTriggerResponse>,
): Promise<TCreateTriggerResponse> {
  await assertCan(actor, "edit_automation", input.domainId);
  const columns = await typeColumns(actor.orgId, input);
  return db().$transaction(async (tx) => {
    if (input.type === "event") await validateEventAccess(tx, actor.orgId, input);
    const row = await tx.trigger.create({
      data: {
        ...columns,
        organizationId: actor.orgId,
        domainId: input.domainId,
        type: TYPE[input.type],
        name: input.name,
        createdById: actor.userId,
      },
      select: TRIGGER_SELECT,
    });
    const created = { trigger: toTrigger(row) };
    await recordAudit(tx, {
      orgId: actor.orgId,
      actor,
      kind: "trigger.created",
      subject: { type: "trigger", id: row.id },
      summary: `Created the ${input.type} trigger "${input.name}"`,
      data: { name: input.name, type: input.type, domainId: input.domainId },
    });
    await record?.(tx, created);
    return created;
  });
}
