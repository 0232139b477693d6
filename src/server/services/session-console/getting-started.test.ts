import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, person } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { createDomain, createOrganization } from "../../../../test/factories";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";

// The Overview's first steps tick from real state: a key, a published agent, an API session, a completed run.

beforeAll(async () => {
  await startEngine();
});

afterAll(async () => {
  await stopEngine();
});

describe("getting started", () => {
  it("ticks each step as the organization's state changes", async () => {
    const org = await createOrganization("Newco");
    const domain = await createDomain(org.id, "First");
    const owner = await person(org.id, "OWNER", [[domain.id, "OWNER"]]);
    // person() creates a key; a brand-new member starts without one.
    await db().apiKey.updateMany({ where: { userId: owner.actor.userId }, data: { revokedAt: new Date() } });
    const steps = async () => (await consoleAs(owner)).sessionConsole.gettingStarted({});

    expect(await steps()).toMatchObject({
      activeKeys: 0,
      publishedAgents: 0,
      agent: null,
      editableDomainId: domain.id,
      apiSessions: 0,
      latestApiSessionId: null,
      completedRuns: 0,
    });

    const fresh = await person(org.id, "MEMBER", [[domain.id, "OPERATOR"]]);
    const agentId = await publishAgent(owner.actor, domain.id, { model: "builtin:echo" });
    expect(await steps()).toMatchObject({
      activeKeys: 0,
      publishedAgents: 1,
      agent: { id: agentId, domainId: domain.id },
    });

    const opened = await api("POST", `/agents/${agentId}/sessions`, {
      credential: fresh.key,
      body: { message: "hello" },
    });
    await waitForTurn(opened.body.executionId);
    // Sessions and runs are the person's own: the owner has none yet, the operator has one of each.
    expect(await steps()).toMatchObject({ apiSessions: 0, completedRuns: 0 });
    expect(await (await consoleAs(fresh)).sessionConsole.gettingStarted({})).toMatchObject({
      activeKeys: 1,
      apiSessions: 1,
      latestApiSessionId: opened.body.sessionId,
      completedRuns: 1,
      editableDomainId: null,
    });
    // A member of no domain of this organization sees the agent count of their domains only.
    const outsider = await person(org.id, "MEMBER", []);
    expect(await (await consoleAs(outsider)).sessionConsole.gettingStarted({})).toMatchObject({
      publishedAgents: 0,
      agent: null,
    });
  });

  it("prefers a published agent that needs no caller credentials for the ready call, else says which it needs", async () => {
    const org = await createOrganization("Callers");
    const domain = await createDomain(org.id, "Calls");
    const owner = await person(org.id, "OWNER", [[domain.id, "OWNER"]]);
    const steps = async () => (await consoleAs(owner)).sessionConsole.gettingStarted({});
    const callerOnly = {
      model: "builtin:procedure",
      procedure: `#service.http.get ${JSON.stringify({ url: "https://example.com/caller" })}`,
    };

    const requiring = await publishAgent(owner.actor, domain.id, callerOnly, {
      bindingPolicies: { "service.http": "caller_required" },
    });
    // The only published agent needs caller material: it is still offered, with what to supply.
    expect((await steps()).agent).toMatchObject({ id: requiring, callerRequiredIntegrations: ["service.http"] });

    const plain = await publishAgent(owner.actor, domain.id, { model: "builtin:echo" });
    const newerRequiring = await publishAgent(owner.actor, domain.id, callerOnly, {
      bindingPolicies: { "service.http": "caller_required" },
    });
    // The newest agent needs caller credentials, so the older one that does not is preferred.
    expect(newerRequiring).not.toBe(plain);
    expect((await steps()).agent).toMatchObject({ id: plain, callerRequiredIntegrations: [] });
  });
});
