import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as streamRoute } from "@/server/http/session-stream-route";
import { GET as tenantStreamRoute } from "@/server/http/tenant-session-stream-route";
import { db } from "@/server/db/client";
import { NOT_FOUND_MESSAGE } from "@/server/errors";
import { createConnection } from "@/server/services/connections/create-connection";
import { createArticle } from "@/server/services/knowledge/create-article";
import { ensureKnowledgeBases } from "@/server/services/knowledge/ensure-knowledge-bases";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";
import { agentsWorld, customIntegration, flow, knowledgeModule } from "../../../test/agents-kit";
import { assistantWorld } from "../../../test/assistant-kit";
import { leaseFor } from "../../../test/entitlements-kit";
import { partnerRequest } from "../../../test/partner-kit";
import { withWrongSecret } from "../../../test/factories";
import {
  fillPath,
  operationsWithPathParameters,
  refusalOf,
  type TWalkedOperation,
} from "../../../test/openapi-walk-kit";
import { openTurnWithoutJob, publishAgent } from "../../../test/sessions-kit";

// Issue 14, spec 5.2: a caller must not tell apart a missing or invalid credential, an unknown id
// and another tenant's id. The operations come from the served documents, so a new route with a
// path id is walked without touching this file. Cookie (console) routes and the ingress URL (its
// token is the address, not an id behind a credential) are not part of the promise.

type TSurface = "v1" | "partner-v1";

async function send(
  surface: TSurface,
  operation: TWalkedOperation,
  path: string,
  credential: string | null,
): Promise<Response> {
  const url = `http://127.0.0.1/api/${surface === "v1" ? "v1" : "partner/v1"}${path}`;
  const headers: Record<string, string> = { "idempotency-key": randomUUID() };
  if (credential) headers.authorization = `Bearer ${credential}`;
  // A tenant route acts as a person of the customer: the provisioned owner here.
  if (operation.tenant) headers["x-service-subject"] = "owner";
  if (operation.tenant && operation.path.endsWith("/stream")) {
    // /organizations/{orgId}/agents/sessions/{sessionId}/stream
    const [, , orgId, , , sessionId] = path.split("/").map(decodeURIComponent);
    return tenantStreamRoute(new Request(url, { headers }), {
      params: Promise.resolve({ orgId: orgId!, sessionId: sessionId! }),
    });
  }
  if (operation.path.endsWith("/stream")) {
    const sessionId = decodeURIComponent(path.split("/")[3]!);
    return streamRoute(new Request(url, { headers }), { params: Promise.resolve({ sessionId }) });
  }
  const withBody = operation.body !== undefined && operation.method !== "GET";
  if (withBody) headers["content-type"] = "application/json";
  return handleOpenApiRequest(
    new Request(url, {
      method: operation.method,
      headers,
      body: withBody ? JSON.stringify(operation.body) : undefined,
    }),
    surface,
  );
}

// Bodies whose schema alone does not say what makes them valid (refinements, formats): a route
// must reach its id lookup, or the walk would compare 400s.
const BODIES: Record<string, unknown> = {
  "POST /organizations/{orgId}/workers": {
    partnerSubject: "walker",
    displayName: "Walker",
    domainRoles: [{ domainId: randomUUID(), role: "operator" }],
  },
  "POST /organizations/{orgId}/workers/{w}/approvals/{id}": { decision: "approve" },
  "PUT /organizations/{orgId}/workers/{w}/policy": { rules: [{ action: "*", mode: "ask" }], approval_ttl: "P1D" },
};

/** Another tenant's webhook endpoint (disabled: it must hear nothing) with one event and its delivery. */
async function foreignWebhookDelivery(organizationId: string) {
  const endpoint = await db().webhookEndpoint.create({
    data: {
      organizationId,
      url: "https://hooks.example.com/in",
      eventTypes: ["turn.completed"],
      enabled: false,
      secret: "sealed-elsewhere",
      secretHint: "…here",
    },
  });
  const event = await db().customerEvent.create({
    data: { id: randomUUID(), organizationId, type: "turn.completed", body: "{}" },
  });
  const delivery = await db().webhookDelivery.create({
    data: { organizationId, customerEventId: event.id, endpointId: endpoint.id, url: endpoint.url, status: "FAILED" },
  });
  return { endpointId: endpoint.id, deliveryId: delivery.id, eventId: event.id };
}

const walked = (surface: TSurface) =>
  operationsWithPathParameters(surface)
    .filter(
      (operation) => !operation.security.includes("sessionCookie") && !operation.path.startsWith("/triggers/ingress/"),
    )
    .map((operation) => ({ ...operation, body: BODIES[`${operation.method} ${operation.path}`] ?? operation.body }));

describe("uniform 404s of the customer API (run, session, authoring, knowledge routes)", () => {
  let key: string;
  let foreign: Record<string, string>;

  beforeAll(async () => {
    const world = await agentsWorld();
    key = world.people.owner.key;
    const globex = world.people.globexOwner.actor;
    const agentId = await publishAgent(globex, world.globex.main, {
      model: "builtin:echo",
      principles: "Answer briefly.",
    });
    const { sessionId } = await openTurnWithoutJob(globex.userId, agentId, "Hello");
    await ensureKnowledgeBases(world.globex.id);
    const base = await db().knowledgeBase.findFirstOrThrow({
      where: { organizationId: world.globex.id },
      select: { id: true },
    });
    const knowledge = await knowledgeModule(world.globex.id, world.globex.main);
    const integrationId = await customIntegration(world.globex.id, `glx${randomUUID().slice(0, 6)}`);
    const hooks = await foreignWebhookDelivery(world.globex.id);
    foreign = {
      id: agentId,
      automationId: agentId,
      sessionId,
      baseId: base.id,
      moduleId: knowledge.id,
      integrationId,
      ...hooks,
    };
  });

  it("walks a list generated from the served document", () => {
    expect(walked("v1").map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining([
        "GET /agents/sessions/{sessionId}",
        "GET /agents/sessions/{sessionId}/stream",
        "POST /authoring/knowledge-bases/{baseId}/articles",
      ]),
    );
  });

  it("has another tenant's real record for every id a path names", () => {
    const names = walked("v1").flatMap((operation) =>
      operation.parameters.filter((parameter) => !parameter.choices).map((parameter) => parameter.name),
    );
    expect([...new Set(names)].filter((name) => !foreign[name])).toEqual([]);
  });

  it.each(walked("v1").map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "%s",
    async (_name, operation) => {
      const foreignValues = operation.path.startsWith("/authoring/integrations/")
        ? { id: foreign.integrationId! }
        : foreign;
      const randomPath = fillPath(operation, {});
      const answers = [
        await refusalOf(await send("v1", operation, randomPath, null)),
        await refusalOf(await send("v1", operation, randomPath, withWrongSecret(key))),
        await refusalOf(await send("v1", operation, randomPath, key)),
        await refusalOf(await send("v1", operation, fillPath(operation, foreignValues), key)),
      ];
      expect(answers[0]!.status).toBe(404);
      expect(JSON.parse(answers[0]!.body)).toEqual({ error: { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE } });
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    },
  );
});

/** A worker lease (ykt_) as a platform gets one: vouch a worker, then mint its token. */
async function workerLease(key: string, orgId: string, domainId: string, appId: string): Promise<string> {
  const partnerSubject = `walker-${randomUUID().slice(0, 8)}`;
  const vouched = await partnerRequest("POST", `/organizations/${orgId}/workers`, {
    credential: key,
    body: { partnerSubject, displayName: "Walker", domainRoles: [{ domainId, role: "operator" }] },
  });
  expect(vouched.status).toBe(201);
  const minted = await partnerRequest("POST", "/worker-token", {
    credential: key,
    body: { orgId, appId, partnerSubject },
  });
  expect(minted.status).toBe(200);
  return minted.body.token as string;
}

/**
 * Another platform's real records behind every id a partner path names, so the walk compares a
 * random UUID with ids that exist (rows written directly: only their existence matters here).
 */
async function theirRecords(theirs: Awaited<ReturnType<typeof assistantWorld>>): Promise<Record<string, string>> {
  const organizationId = theirs.orgId;
  const { workerRef } = await theirs.createWorker();
  const worker = await db().assistantWorker.findFirstOrThrow({ where: { organizationId }, select: { id: true } });
  const ownerId = theirs.owner.actor.userId;
  const { sessionId, turnId } = await openTurnWithoutJob(ownerId, theirs.agentId, "Hello");
  const toolCall = await db().toolCall.create({
    data: {
      turnId,
      sessionId,
      index: 0,
      toolName: "email.send",
      integrationId: "assistant",
      args: {},
      status: "AWAITING_APPROVAL",
    },
    select: { id: true },
  });
  const action = await db().assistantAction.create({
    data: {
      organizationId,
      workerId: worker.id,
      turnId,
      toolCallId: toolCall.id,
      action: "email.send",
      mode: "ask",
      trigger: "message",
      summary: "Send a mail",
    },
    select: { id: true },
  });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const approval = await db().assistantApproval.create({
    data: { organizationId, workerId: worker.id, actionId: action.id, number: 1, expiresAt: tomorrow },
    select: { id: true },
  });
  const flowId = (await flow(organizationId, theirs.customer.domain.id)).id;
  const flowSession = await db().agentSession.create({
    data: {
      organizationId,
      domainId: theirs.customer.domain.id,
      automationId: flowId,
      revision: 1,
      kind: "DOMAIN",
      origin: "API",
      ownerId,
      title: "A flow run",
    },
    select: { id: true },
  });
  const run = await db().flowRun.create({
    data: {
      sessionId: flowSession.id,
      organizationId,
      automationId: flowId,
      revision: 1,
      input: {},
      deadlineAt: tomorrow,
    },
    select: { id: true },
  });
  const grant = await db().supportGrant.create({
    data: {
      platformId: theirs.partner.platform.id,
      organizationId,
      sessionId,
      grantedByUserId: ownerId,
      expiresAt: tomorrow,
    },
    select: { id: true },
  });
  const tenantRecords = await theirTenantRecords(theirs);
  return {
    ...tenantRecords,
    orgId: organizationId,
    w: workerRef,
    automationId: theirs.agentId,
    id: approval.id,
    sessionId,
    runId: run.id,
    grantId: grant.id,
  };
}

/** Another platform's customer's own records behind the ids the tenant routes name (issue 40). */
async function theirTenantRecords(theirs: Awaited<ReturnType<typeof assistantWorld>>) {
  const owner = theirs.owner.actor;
  const domainId = theirs.customer.domain.id;
  const { connection } = await createConnection(owner, {
    domainId,
    integrationId: "service.http",
    name: "Their API",
    token: "their-token",
  });
  const { trigger } = await createTrigger(owner, { type: "api", domainId, name: "Their trigger" });
  await ensureKnowledgeBases(theirs.orgId);
  const base = await db().knowledgeBase.findFirstOrThrow({
    where: { organizationId: theirs.orgId, domainId },
    select: { id: true },
  });
  const article = await createArticle(owner, { baseId: base.id, title: "Their article" });
  const knowledge = await knowledgeModule(theirs.orgId, domainId);
  return {
    connectionId: connection.id,
    triggerId: trigger.id,
    domainId,
    baseId: base.id,
    articleId: article.id,
    moduleId: knowledge.id,
    // A revision is a number within an agent: the agent's id decides, and theirs is 404 before it.
    revision: "1",
  };
}

describe("uniform refusals of the partner API (spec 5.2)", () => {
  let own: { key: string; appLease: string; workerLease: string; values: Record<string, string> };
  let foreign: Record<string, string>;

  beforeAll(async () => {
    const mine = await assistantWorld();
    const theirs = await assistantWorld();
    const appLease = await leaseFor(mine.partner.platform.id, mine.orgId, mine.partner.appId);
    const worker = await workerLease(mine.partner.key, mine.orgId, mine.customer.domain.id, mine.partner.appId);
    own = {
      key: mine.partner.key,
      appLease,
      workerLease: worker,
      values: { orgId: mine.orgId, w: (await mine.createWorker()).workerRef },
    };
    foreign = await theirRecords(theirs);
  });

  it("has another platform's real record for every id a partner path names", () => {
    const names = walked("partner-v1").flatMap((operation) =>
      operation.parameters.filter((parameter) => !parameter.choices).map((parameter) => parameter.name),
    );
    expect([...new Set(names)].filter((name) => !foreign[name])).toEqual([]);
  });

  // Worker approvals act as a named worker (a worker lease); other lease routes take an app lease.
  const credentialOf = (operation: TWalkedOperation) =>
    !operation.security.includes("leaseToken")
      ? own.key
      : operation.path.startsWith("/worker/")
        ? own.workerLease
        : own.appLease;

  it.each(walked("partner-v1").map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "%s",
    async (_name, operation) => {
      // A bad key is a neutral 401, whatever the path names.
      const randomPath = fillPath(operation, {});
      const missing = await refusalOf(await send("partner-v1", operation, randomPath, null));
      expect(missing.status).toBe(401);
      expect(
        await refusalOf(await send("partner-v1", operation, randomPath, withWrongSecret(credentialOf(operation)))),
      ).toEqual(missing);
      // With a good key, each id in turn: unknown and another platform's give the same 404, the
      // ids before it being the caller's own.
      const ids = operation.parameters.filter((parameter) => !parameter.choices).map((parameter) => parameter.name);
      for (const [index, name] of ids.entries()) {
        const before = Object.fromEntries(
          ids.slice(0, index).map((earlier) => [earlier, own.values[earlier] ?? randomUUID()]),
        );
        const unknown = await refusalOf(
          await send(
            "partner-v1",
            operation,
            fillPath(operation, { ...before, [name]: randomUUID() }),
            credentialOf(operation),
          ),
        );
        expect({ name, status: unknown.status, body: unknown.body }).toEqual({ name, status: 404, body: unknown.body });
        expect(JSON.parse(unknown.body)).toEqual({ error: { code: "NOT_FOUND", message: NOT_FOUND_MESSAGE } });
        if (!foreign[name]) continue;
        const theirs = await refusalOf(
          await send(
            "partner-v1",
            operation,
            fillPath(operation, { ...before, [name]: foreign[name]! }),
            credentialOf(operation),
          ),
        );
        expect({ name, ...theirs }).toEqual({ name, ...unknown });
      }
    },
  );
});
