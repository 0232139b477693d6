import { db } from "../src/server/db/client";
import { person } from "./agents-kit";
import { partnerPlatform, partnerRequest, seedFollower, type TPartnerResponse } from "./partner-kit";
import { publishAgent } from "./sessions-kit";

/** Helpers for the assistant worker routes (spec 4.8) through the real partner route handler. */

export type TAssistantResponse = TPartnerResponse;

export function partnerCall(
  method: string,
  path: string,
  options: { key: string; body?: unknown; headers?: Record<string, string> },
): Promise<TAssistantResponse> {
  return partnerRequest(method, path, { credential: options.key, body: options.body, headers: options.headers });
}

/**
 * A partner with a follower whose assistant is a published builtin:echo agent, configured (the
 * AssistantConfig row written directly) with a webhook URL so assistant events are recorded.
 */
export async function assistantWorld(options: { configure?: boolean } = {}) {
  const partner = await partnerPlatform();
  const customer = await seedFollower(partner.platform.id);
  const owner = await person(customer.organization.id, "OWNER", [[customer.domain.id, "OWNER"]]);
  const agentId = await publishAgent(owner.actor, customer.domain.id, {
    model: "builtin:echo",
    principles: "Answer briefly.",
  });
  if (options.configure !== false) {
    await db().assistantConfig.create({
      data: {
        organizationId: customer.organization.id,
        assistantAutomationId: agentId,
        webhookUrl: "https://hooks.example/assistant",
      },
    });
  }
  const orgId = customer.organization.id;
  const call = (
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string>; key?: string } = {},
  ) =>
    partnerCall(method, `/organizations/${orgId}${path}`, {
      key: o.key ?? partner.key,
      body: o.body,
      headers: o.headers,
    });
  const createWorker = async (externalRef = `user-${crypto.randomUUID().slice(0, 8)}`) => {
    const response = await call("POST", "/workers", {
      body: { external_ref: externalRef, email: `${externalRef}@example.com` },
    });
    if (response.status !== 201) throw new Error(`create worker: ${response.status} ${JSON.stringify(response.body)}`);
    return { workerRef: response.body.worker_ref as string, externalRef };
  };
  return { partner, customer, owner, agentId, orgId, call, createWorker };
}

/** The recorded assistant events of a worker, oldest first, with their parsed bodies. */
export async function assistantEventsOf(workerId: string) {
  const rows = await db().assistantEvent.findMany({
    where: { workerId },
    orderBy: { seq: "asc" },
    select: { type: true, body: true },
  });
  return rows.map((row) => ({ type: row.type, body: JSON.parse(row.body) }));
}
