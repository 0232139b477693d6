import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld, type TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { appRouter } from "@/server/routers/root";
import { createConnection } from "@/server/services/connections/create-connection";
import { getSessionDetails } from "@/server/services/sessions/get-session";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "@/server/trpc/context";
import { createAgent } from "./create-agent";
import { updateAgentSetup } from "./update-agent-setup";

// The console's Run and Test run of an agent, through the console's tRPC procedures, the real
// queue, workers and turn loop, with a loopback receiver standing in for the upstream.

const HTTP = "service.http";
const agentsAs = async (who: TPerson) => (await consoleAs(who)).agents;
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;
const callTo = (path: string) => ({
  model: "builtin:procedure",
  procedure: `#service.http.get ${JSON.stringify({ url: `${receiver.base}${path}`, query: { message: "{{message}}" } })}`,
});

const pathsWith = (m: string) => receiver.withMarker(m).map((request) => request.path);

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  await createConnection(world.people.owner.actor, {
    domainId: world.acme.ops,
    integrationId: HTTP,
    name: "HTTP",
    token: "org-token",
  });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("Run (the newest published revision)", () => {
  it("opens a domain console session as the person, pinned to the published revision, while the draft moves on", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, callTo("/published"));
    await updateAgentSetup(world.people.owner.actor, { id: agentId, ...callTo("/draft") });
    const m = marker();
    const started = await (await agentsAs(world.people.operator)).run({ id: agentId, message: m });
    expect(started).toMatchObject({ revision: 1, testRun: false });
    expect((await waitForTurn(started.executionId)).status).toBe("COMPLETED");
    expect(pathsWith(m)).toEqual(["/published"]);
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: started.sessionId } });
    expect(session).toMatchObject({
      kind: "DOMAIN",
      origin: "CONSOLE",
      ownerId: world.people.operator.actor.userId,
      revision: 1,
    });
  });

  it("runs with the organization's connections only: a caller_required binding fails its call, as a flow Run does", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, callTo("/caller"), {
      bindingPolicies: { [HTTP]: "caller_required" },
    });
    const m = marker();
    const started = await (await agentsAs(world.people.operator)).run({ id: agentId, message: m });
    await waitForTurn(started.executionId);
    const call = await db().toolCall.findFirstOrThrow({ where: { turnId: started.executionId } });
    expect(call).toMatchObject({ status: "FAILED", errorCode: "CALLER_CREDENTIALS_REQUIRED" });
    expect(pathsWith(m)).toEqual([]);
  });

  it("refuses a Viewer (403), a never-published agent (409) and callerCredentials (400)", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
    expect(await refusalOf((await agentsAs(world.people.viewer)).run({ id: agentId, message: "hi" }))).toBe(
      "FORBIDDEN 403",
    );
    const draftOnly = await createAgent(world.people.owner.actor, {
      domainId: world.acme.ops,
      name: `Draft ${marker()}`,
    });
    const unpublished = await refusalOf(
      (await agentsAs(world.people.operator)).run({ id: draftOnly.id, message: "hi" }),
    );
    expect(unpublished).toBe("CONFLICT 409");
    const callerCredentials = { integrations: { [HTTP]: { token: "t" } } };
    const refused = await refusalOf(
      (await agentsAs(world.people.operator)).run({ id: agentId, message: "hi", callerCredentials } as never),
    );
    expect(refused).toMatch(/^VALIDATION [\s\S]*console never takes caller credentials/);
    // Other organizations' agents stay the uniform 404.
    expect(await refusalOf((await agentsAs(world.people.globexOwner)).run({ id: agentId, message: "hi" }))).toBe(
      "NOT_FOUND 404",
    );
  });
});

describe("Test run (the current draft)", () => {
  it("runs the unpublished draft on a snapshot that is never listed nor published", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, callTo("/published"));
    await updateAgentSetup(world.people.owner.actor, { id: agentId, ...callTo("/draft") });
    const m = marker();
    const started = await (await agentsAs(world.people.editor)).testRun({ id: agentId, message: m });
    expect(started.testRun).toBe(true);
    expect(started.revision).toBeLessThan(0);
    expect((await waitForTurn(started.executionId)).status).toBe("COMPLETED");
    expect(pathsWith(m)).toEqual(["/draft"]);

    const agents = await agentsAs(world.people.editor);
    expect((await agents.listRevisions({ id: agentId })).revisions.map((revision) => revision.revision)).toEqual([1]);
    expect((await agents.get({ id: agentId })).agent.publishedRevision).toBe(1);
    // Publishing after a test run still numbers from the published revisions.
    expect((await agents.publish({ id: agentId })).revision).toBe(2);

    // The public session read and the console both say it is a test run.
    const read = await getSessionDetails(world.people.editor.actor, { sessionId: started.sessionId });
    expect(read).toMatchObject({ testRun: true, revision: started.revision });
    const key = world.people.editor.key;
    const response = await handleOpenApiRequest(
      new Request(`http://127.0.0.1/api/v1/agents/sessions/${started.sessionId}`, {
        headers: { authorization: `Bearer ${key}` },
      }),
      "v1",
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ testRun: true, revision: started.revision });
  });

  it("runs a never-published draft, and gives concurrent test runs distinct snapshots", async () => {
    const agent = await createAgent(world.people.owner.actor, { domainId: world.acme.ops, name: `Draft ${marker()}` });
    await updateAgentSetup(world.people.owner.actor, { id: agent.id, model: "builtin:echo" });
    const agents = await agentsAs(world.people.editor);
    const runs = await Promise.all([1, 2, 3].map((n) => agents.testRun({ id: agent.id, message: `try ${n}` })));
    expect(new Set(runs.map((run) => run.revision)).size).toBe(3);
    expect(runs.every((run) => run.revision < 0)).toBe(true);
    for (const run of runs) expect((await waitForTurn(run.executionId)).status).toBe("COMPLETED");
    expect((await agents.listRevisions({ id: agent.id })).revisions).toEqual([]);
    expect((await agents.get({ id: agent.id })).agent.publishedRevision).toBeNull();
  });

  it("refuses an invalid draft with the publish findings (422), an Operator (403) and callerCredentials (400)", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
    await updateAgentSetup(world.people.owner.actor, {
      id: agentId,
      model: "builtin:procedure",
      procedure: "#nobody.unknown_tool {}",
    });
    const agents = await agentsAs(world.people.editor);
    const error = await agents.testRun({ id: agentId, message: "hi" }).then(
      () => null,
      (caught: { cause?: { code: string; status: number; details?: { findings?: unknown[] } } }) => caught.cause,
    );
    expect(error).toMatchObject({ code: "VALIDATION", status: 422 });
    expect(error?.details?.findings?.length).toBeGreaterThan(0);
    expect(await db().agentSession.count({ where: { automationId: agentId } })).toBe(0);
    expect(await db().automationRevision.count({ where: { automationId: agentId } })).toBe(1);

    expect(await refusalOf((await agentsAs(world.people.operator)).testRun({ id: agentId, message: "hi" }))).toBe(
      "FORBIDDEN 403",
    );
    const refused = await refusalOf(
      agents.testRun({ id: agentId, message: "hi", callerCredentials: { integrations: {} } } as never),
    );
    expect(refused).toMatch(/^VALIDATION [\s\S]*console never takes caller credentials/);
  });
});

describe("the console's HTTP answer to callerCredentials", () => {
  it("is 400 with the VALIDATION code and the sentence the console shows", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
    const cookie = await mintSessionCookie({
      sub: world.people.operator.actor.userId,
      orgId: world.people.operator.actor.orgId,
    });
    const req = new Request("http://127.0.0.1/api/trpc/agents.run", {
      method: "POST",
      headers: { cookie: `service_session=${encodeURIComponent(cookie)}`, "content-type": "application/json" },
      body: JSON.stringify({ id: agentId, message: "hi", callerCredentials: { integrations: {} } }),
    });
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext: () => createContext(req, "console"),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { appError: { code: string; message: string } } } };
    expect(body.error.data.appError.code).toBe("VALIDATION");
    expect(body.error.data.appError.message).toContain("The console never takes caller credentials");
    expect(await db().agentSession.count({ where: { automationId: agentId } })).toBe(0);
  });
});
