import type { TAssistantConfigState } from "@/contracts/assistant/assistant-config";
import { db, type TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { seal } from "@/server/vault/vault";
import { checkWebhookUrl } from "@/server/webhooks/check-url";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { CONFIG_SELECT, configStateOf, readAssistantFollower } from "./read-assistant-config";

export type TAssistantConfigChange = {
  /** undefined keeps it, null clears it. */
  assistantAutomationId?: string | null;
  webhook?: { url: string; secret: string } | null;
};

type TPutAssistantConfig = {
  platformId: string;
  orgId: string;
  idempotencyKey: string | null;
  change: TAssistantConfigChange;
};

/** The secret's hint: its last 4 characters, enough to tell which one is configured. */
export const secretHintOf = (secret: string) => `…${secret.slice(-4)}`;

/** 409 unless the automation is a published agent of this organization (a configuration conflict, spec 4.8). */
async function checkAssistantAgent(tx: TTransaction, orgId: string, automationId: string): Promise<void> {
  const automation = await tx.automation.findFirst({
    where: { id: automationId, organizationId: orgId },
    select: { kind: true, publishedRevision: true },
  });
  const why = !automation
    ? "is not an automation of this organization"
    : automation.kind !== "AGENT"
      ? "is a flow, not an agent"
      : automation.publishedRevision === null
        ? "is an agent that was never published"
        : null;
  if (why)
    throw new AppError(
      "CONFLICT",
      `assistant_automation_id ${why}; it must name a published agent of this organization.`,
      { details: { field: "assistant_automation_id" } },
    );
}

/**
 * PUT /assistant-config: an omitted key keeps its value, null clears it. The webhook secret is
 * sealed with the vault and only its hint is kept in clear. Answers the config as GET reads it.
 */
export async function putAssistantConfig(
  options: TPutAssistantConfig,
): Promise<{ body: TAssistantConfigState; replayed: boolean }> {
  const { platformId, orgId, change } = options;
  await readAssistantFollower(platformId, orgId);
  if (change.webhook) await checkWebhookUrl(change.webhook.url, "webhook.url");
  // Sealed before the transaction: the vault may load its keyring (file reads) on first use.
  const sealedSecret = change.webhook ? await seal(change.webhook.secret) : null;
  const data = {
    ...(change.assistantAutomationId !== undefined ? { assistantAutomationId: change.assistantAutomationId } : {}),
    ...(change.webhook !== undefined
      ? {
          webhookUrl: change.webhook?.url ?? null,
          webhookSecret: sealedSecret,
          webhookSecretHint: change.webhook ? secretHintOf(change.webhook.secret) : null,
        }
      : {}),
  };
  return idempotentCall<TAssistantConfigState>({
    orgId,
    scope: "assistant.config",
    key: options.idempotencyKey,
    request: change,
    status: 200,
    execute: (record) =>
      db().$transaction(async (tx) => {
        if (change.assistantAutomationId) await checkAssistantAgent(tx, orgId, change.assistantAutomationId);
        const row = await tx.assistantConfig.upsert({
          where: { organizationId: orgId },
          create: { organizationId: orgId, ...data },
          update: data,
          select: CONFIG_SELECT,
        });
        const body = configStateOf(row);
        await record?.(tx, body);
        return body;
      }),
  });
}
