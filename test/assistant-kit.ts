import { db } from "../src/server/db/client";
import { handleOpenApiRequest } from "../src/server/trpc/openapi-handler";
import { person } from "./agents-kit";
import { partnerPlatform, seedFollower } from "./partner-kit";
import { publishAgent } from "./sessions-kit";

/** Helpers for the assistant worker routes (spec 4.8) through the real partner route handler. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TAssistantResponse = { status: number; headers: Headers; body: any };

export async function partnerCall(method: string, path: string, options: { key: string; body?: unknown; headers?: Record<string, string> }): Promise<TAssistantResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key}`, ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await handleOpenApiRequest(new Request(`http://127.0.0.1/api/partner/v1${path}`, { method, headers, body }), "partner-v1");
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/**
 * A partner with a follower whose assistant is a published builtin:echo agent, configured (the
 * AssistantConfig row written directly) with a webhook URL so assistant events are recorded.
 */
export async function assistantWorld(options: { configure?: boolean } = {}) {
  const partner = await partnerPlatform();
  const customer = await seedFollower(partner.platform.id);
  const owner = await person(customer.organization.id, "OWNER", [[customer.domain.id, "OWNER"]]);
  const agentId = await publishAgent(owner.actor, customer.domain.id, { model: "builtin:echo", principles: "Answer briefly." });
  if (options.configure !== false) {
    await db().assistantConfig.create({ data: { organizationId: customer.organization.id, assistantAutomationId: agentId, webhookUrl: "https://hooks.example/assistant" } });
  }
  const orgId = customer.organization.id;
  const call = (method: string, path: string, o: { body?: unknown; headers?: Record<string, string>; key?: string } = {}) =>
    partnerCall(method, `/organizations/${orgId}${path}`, { key: o.key ?? partner.key, body: o.body, headers: o.headers });
  const createWorker = async (externalRef = `user-${crypto.randomUUID().slice(0, 8)}`) => {
    const response = await call("POST", "/workers", { body: { external_ref: externalRef, email: `${externalRef}@example.com` } });
    if (response.status !== 201) throw new Error(`create worker: ${response.status} ${JSON.stringify(response.body)}`);
    return { workerRef: response.body.worker_ref as string, externalRef };
  };
  return { partner, customer, owner, agentId, orgId, call, createWorker };
}

/** The recorded assistant events of a worker, oldest first, with their parsed bodies. */
export async function assistantEventsOf(workerId: string) {
  const rows = await db().assistantEvent.findMany({ where: { workerId }, orderBy: { seq: "asc" }, select: { type: true, body: true } });
  return rows.map((row) => ({ type: row.type, body: JSON.parse(row.body) }));
}
