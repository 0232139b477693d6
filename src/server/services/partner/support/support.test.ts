import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, person, type TAgentsWorld, type TPerson } from "../../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../../test/console-kit";
import { leaseFor, partnerApi, partnerWithFollower } from "../../../../../test/entitlements-kit";
import { partnerPlatform } from "../../../../../test/partner-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { openSession } from "@/server/services/sessions/open-session";

// Support sessions: a customer person shares one session from the console; the partner reads
// it with an app lease until the grant expires or is revoked; everything else is one 404.

let world: Awaited<ReturnType<typeof partnerWithFollower>>;
let acme: TAgentsWorld;
let lease: string;
let sessionId: string;
let viewer: TPerson;

const read = (grantId: string, credential = lease) => partnerApi("GET", `/support-sessions/${grantId}`, credential);

beforeAll(async () => {
  world = await partnerWithFollower();
  acme = await agentsWorld();
  await startEngine();
  const agentId = await publishAgent(
    world.owner.actor,
    world.domainId,
    { model: "builtin:echo" },
    { name: "Helpdesk" },
  );
  const opened = await openSession(world.operator.actor, {
    automationId: agentId,
    message: "My order is late",
    origin: "api",
  });
  await waitForTurn(opened.executionId);
  sessionId = opened.sessionId;
  lease = await leaseFor(world.partner.platform.id, world.orgId, world.partner.appId);
  viewer = await person(world.orgId, "MEMBER", []);
});

afterAll(async () => {
  await stopEngine();
});

describe("share, read, revoke", () => {
  it("a person who sees the session shares it; the partner reads transcript and state with an app lease", async () => {
    const console = (await consoleAs(world.operator)).partnerEntitlements.console;
    const grant = await console.share({ sessionId });
    const expiresIn = Date.parse(grant.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);
    expect(grant).toMatchObject({ sessionId, grantedBy: { userId: world.operator.actor.userId } });

    const response = await read(grant.id);
    expect(response.status).toBe(200);
    expect(response.body.grant).toMatchObject({ id: grant.id, expiresAt: grant.expiresAt });
    expect(response.body.automation).toMatchObject({ kind: "agent", name: "Helpdesk" });
    expect(response.body.session).toMatchObject({ id: sessionId, state: "idle", pendingApproval: null });
    expect(
      response.body.session.messages.map((message: { role: string; body: string }) => [message.role, message.body]),
    ).toEqual([
      ["user", "My order is late"],
      ["assistant", "Echo: My order is late"],
    ]);
    expect(response.body.session.turns).toEqual([expect.objectContaining({ number: 1, status: "completed" })]);
    expect(response.body.session).not.toHaveProperty("canParticipate");
    expect(response.body.session.messages[0].author).toMatchObject({ isYou: false });

    expect((await console.grants({ sessionId })).grants.map((live) => live.id)).toContain(grant.id);
    await console.revoke({ grantId: grant.id });
    expect((await read(grant.id)).status).toBe(404);
    expect((await console.grants({})).grants.map((live) => live.id)).not.toContain(grant.id);
  });

  it("masks header values in tool arguments, as every session read does", async () => {
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId }, select: { id: true } });
    const secret = `s3cret-${crypto.randomUUID()}`;
    await db().toolCall.create({
      data: {
        turnId: turn.id,
        sessionId,
        index: 99,
        toolName: "service.http.get",
        integrationId: "service.http",
        status: "SUCCEEDED",
        args: { url: "http://x.test", headers: { Authorization: secret } },
      },
    });
    const grant = await (await consoleAs(world.owner)).partnerEntitlements.console.share({ sessionId });
    const response = await read(grant.id);
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    expect(JSON.stringify(response.body.session.turns[0].toolCalls)).toContain("http://x.test");
  });

  it("an expired grant is the same 404 and leaves the live list", async () => {
    const console = (await consoleAs(world.owner)).partnerEntitlements.console;
    const grant = await console.share({ sessionId, days: 1 });
    await db().supportGrant.update({ where: { id: grant.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await read(grant.id);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
    expect((await console.grants({})).grants.map((live) => live.id)).not.toContain(grant.id);
  });

  it("another platform's customer's lease, a nonexistent or malformed id: one 404; a worker lease or a lease no platform could hold is not accepted", async () => {
    const grant = await (await consoleAs(world.owner)).partnerEntitlements.console.share({ sessionId, days: 30 });
    const other = await partnerPlatform();
    const otherFollower = await partnerWithFollower();
    const otherPlatformLease = await leaseFor(other.platform.id, world.orgId, other.appId);
    const otherOrgLease = await leaseFor(
      otherFollower.partner.platform.id,
      otherFollower.orgId,
      otherFollower.partner.appId,
    );
    // A lease for an organization that is not its platform's customer cannot be minted; one
    // written anyway is a dead credential: the neutral 401 (assertLeaseLive).
    expect((await read(grant.id, otherPlatformLease)).status).toBe(401);
    for (const [grantId, credential] of [
      [grant.id, otherOrgLease],
      [crypto.randomUUID(), lease],
      ["nope", lease],
    ] as const) {
      const response = await read(grantId, credential);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    const worker = await leaseFor(world.partner.platform.id, world.orgId, world.partner.appId, {
      partnerSubject: "worker-1",
    });
    for (const credential of [worker, world.partner.key, world.owner.key])
      expect((await read(grant.id, credential)).status).toBe(401);
    expect((await read(grant.id)).status).toBe(200);
  });
});

describe("who may share and revoke", () => {
  it("refuses a session the person cannot see (404) and an organization without a partner (403)", async () => {
    expect(await refusalOf((await consoleAs(viewer)).partnerEntitlements.console.share({ sessionId }))).toBe(
      "NOT_FOUND 404",
    );
    const acmeSession = await openSession(acme.people.operator.actor, {
      automationId: await publishAgent(acme.people.owner.actor, acme.acme.ops, { model: "builtin:echo" }),
      message: "hi",
      origin: "api",
    });
    expect(
      await refusalOf(
        (await consoleAs(acme.people.operator)).partnerEntitlements.console.share({ sessionId: acmeSession.sessionId }),
      ),
    ).toBe("FORBIDDEN 403");
    const overview = await (await consoleAs(acme.people.owner)).partnerEntitlements.console.overview();
    expect(overview).toEqual({ partner: null, entitlements: [] });
  });

  it("a member sees and revokes only their own grants; Owners and Admins manage all", async () => {
    const grant = await (await consoleAs(world.operator)).partnerEntitlements.console.share({ sessionId });
    const asViewer = (await consoleAs(viewer)).partnerEntitlements.console;
    expect((await asViewer.grants({})).grants).toEqual([]);
    expect(await refusalOf(asViewer.revoke({ grantId: grant.id }))).toBe("NOT_FOUND 404");
    const asOwner = (await consoleAs(world.owner)).partnerEntitlements.console;
    expect((await asOwner.grants({})).grants.map((live) => live.id)).toContain(grant.id);
    await asOwner.revoke({ grantId: grant.id });
    expect(await refusalOf(asOwner.revoke({ grantId: grant.id }))).toBe("NOT_FOUND 404");
  });

  it("the customer's overview names its partner and the standing of its automations", async () => {
    const overview = await (await consoleAs(world.owner)).partnerEntitlements.console.overview();
    expect(overview.partner?.name).toBe(world.partner.platform.name);
    expect(overview.entitlements).toEqual([
      expect.objectContaining({ name: "Helpdesk", kind: "agent", enabled: true }),
    ]);
  });
});
