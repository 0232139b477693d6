import type { TAssistantConfigState } from "@/contracts/assistant/assistant-config";
import { isUuid } from "@/contracts/common/ids";
import { db, type TTransaction } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";

type TConfigRow = {
  assistantAutomationId: string | null;
  webhookUrl: string | null;
  webhookSecretHint: string | null;
} | null;

export const CONFIG_SELECT = { assistantAutomationId: true, webhookUrl: true, webhookSecretHint: true } as const;

/** The public state of a config row (the secret never leaves the vault envelope). */
export function configStateOf(row: TConfigRow): TAssistantConfigState {
  return {
    assistantAutomationId: row?.assistantAutomationId ?? null,
    webhook: row?.webhookUrl ? { url: row.webhookUrl, secretHint: row.webhookSecretHint ?? "" } : null,
  };
}

/** The platform's customer, or the uniform 404 (a malformed id names nothing either). */
export async function readAssistantFollower(platformId: string, orgId: string, tx: TTransaction = db()) {
  if (!isUuid(orgId)) throw notFound();
  return readFollower(platformId, orgId, tx);
}

/** GET /assistant-config: a customer without a config reads as nothing set. */
export async function readAssistantConfig(options: {
  platformId: string;
  orgId: string;
}): Promise<TAssistantConfigState> {
  await readAssistantFollower(options.platformId, options.orgId);
  const row = await db().assistantConfig.findUnique({
    where: { organizationId: options.orgId },
    select: CONFIG_SELECT,
  });
  return configStateOf(row);
}
