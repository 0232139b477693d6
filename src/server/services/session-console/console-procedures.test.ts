import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld, type TPerson } from "../../../../test/agents-kit";
import { consoleAs as consoleCaller } from "../../../../test/console-kit";
import { sessionRow } from "../../../../test/stream-kit";
import { db } from "@/server/db/client";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

/** The console's tRPC sessionConsole procedures for a person signed in with the service_session cookie. */
const consoleAs = async (who: TPerson) => (await consoleCaller(who)).sessionConsole;

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return "OK";
  } catch (error) {
    const trpcError = error as { code?: string; message?: string; cause?: { code?: string } };
    // Input refusals never reach a service: tRPC reports BAD_REQUEST, which the HTTP layer answers as 400 VALIDATION.
    if (trpcError.code === "BAD_REQUEST") return `VALIDATION ${trpcError.message}`;
    return trpcError.cause?.code ?? String(error);
  }
}

const opsSession = (ownerId: string | null, title = "Ops session") =>
  sessionRow({ organizationId: world.acme.id, domainId: world.acme.ops, ownerId, title });
const personalChat = (ownerId: string) =>
  sessionRow({ organizationId: world.acme.id, domainId: world.acme.ops, ownerId, kind: "PERSONAL", title: "My chat" });

describe("console session list", () => {
  it("lists domain sessions to members and personal chats only to their creator", async () => {
    const shared = await opsSession(world.people.operator.actor.userId);
    const chat = await personalChat(world.people.editor.actor.userId);
    const sales = await sessionRow({ organizationId: world.acme.id, domainId: world.acme.sales, ownerId: null });
    const idsFor = async (who: TPerson, input = {}) =>
      (await (await consoleAs(who)).list(input)).sessions.map((session) => session.id);

    expect(await idsFor(world.people.viewer)).toContain(shared.id);
    expect(await idsFor(world.people.viewer)).not.toContain(chat.id);
    expect(await idsFor(world.people.editor)).toEqual(expect.arrayContaining([shared.id, chat.id]));
    // Organization Owner/Admin status bypasses neither rule (spec 4.2).
    expect(await idsFor(world.people.owner)).not.toContain(chat.id);
    expect(await idsFor(world.people.orgAdmin)).toEqual([]);
    expect(await idsFor(world.people.globexOwner)).toEqual([]);
    expect(await idsFor(world.people.owner, { domainId: world.acme.sales })).toEqual([sales.id]);
    expect(await idsFor(world.people.owner, { automationId: sales.automationId })).toEqual([sales.id]);
    expect(await idsFor(world.people.editor, { kind: "personal" })).toEqual([chat.id]);
    expect(await idsFor(world.people.editor, { kind: "domain" })).not.toContain(chat.id);

    const row = (await (await consoleAs(world.people.editor)).list({})).sessions.find(
      (session) => session.id === chat.id,
    )!;
    expect(row).toMatchObject({
      kind: "personal",
      title: "My chat",
      state: "idle",
      archived: false,
      owner: { isYou: true },
      domain: { id: world.acme.ops },
    });
  });

  it("filters archived sessions and by run state", async () => {
    const session = await opsSession(world.people.operator.actor.userId, "to archive");
    const editor = await consoleAs(world.people.editor);
    await editor.archive({ sessionId: session.id, archived: true });
    expect((await editor.list({})).sessions.map((row) => row.id)).not.toContain(session.id);
    expect((await editor.list({ status: "archived" })).sessions.map((row) => row.id)).toContain(session.id);
    await db().turn.create({
      data: {
        sessionId: session.id,
        organizationId: world.acme.id,
        number: 1,
        status: "SUSPENDED",
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    expect((await editor.list({ status: "all", state: "suspended" })).sessions.map((row) => row.id)).toEqual([
      session.id,
    ]);
    expect((await editor.list({ status: "all", state: "running" })).sessions.map((row) => row.id)).not.toContain(
      session.id,
    );
  });
});

describe("console session management", () => {
  it("lets the owner and domain Owners/Editors manage, logging session.changed with each change", async () => {
    const session = await opsSession(world.people.operator.actor.userId);
    const operator = await consoleAs(world.people.operator);
    expect(await operator.rename({ sessionId: session.id, title: "  Renamed  " })).toEqual({
      id: session.id,
      title: "Renamed",
      outcome: null,
      archived: false,
    });
    const editor = await consoleAs(world.people.editor);
    expect(await editor.setOutcome({ sessionId: session.id, outcome: "resolved" })).toMatchObject({
      outcome: "resolved",
    });
    expect(await editor.setOutcome({ sessionId: session.id, outcome: "  " })).toMatchObject({ outcome: null });
    expect(
      await (await consoleAs(world.people.owner)).archive({ sessionId: session.id, archived: true }),
    ).toMatchObject({ archived: true });
    const events = await db().sessionEvent.findMany({ where: { sessionId: session.id }, orderBy: { seq: "asc" } });
    expect(events.map((event) => [event.seq, event.type, (event.data as { change: string }).change])).toEqual([
      [1, "session.changed", "title"],
      [2, "session.changed", "outcome"],
      [3, "session.changed", "outcome"],
      [4, "session.changed", "archived"],
    ]);
  });

  it("refuses those who can only see (403) and those who cannot see (404)", async () => {
    const session = await opsSession(world.people.editor.actor.userId);
    expect(await codeOf((await consoleAs(world.people.viewer)).rename({ sessionId: session.id, title: "x" }))).toBe(
      "FORBIDDEN",
    );
    // An Operator drives sessions but does not manage other people's.
    expect(await codeOf((await consoleAs(world.people.operator)).delete({ sessionId: session.id }))).toBe("FORBIDDEN");
    expect(
      await codeOf((await consoleAs(world.people.salesEditor)).archive({ sessionId: session.id, archived: true })),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf((await consoleAs(world.people.globexOwner)).setOutcome({ sessionId: session.id, outcome: "x" })),
    ).toBe("NOT_FOUND");
    const chat = await personalChat(world.people.operator.actor.userId);
    expect(await codeOf((await consoleAs(world.people.owner)).rename({ sessionId: chat.id, title: "mine now" }))).toBe(
      "NOT_FOUND",
    );
    expect(await db().sessionEvent.count({ where: { sessionId: { in: [session.id, chat.id] } } })).toBe(0);
  });

  it("deletes a session, but not while a turn is running", async () => {
    const session = await opsSession(world.people.editor.actor.userId);
    const turn = await db().turn.create({
      data: {
        sessionId: session.id,
        organizationId: world.acme.id,
        number: 1,
        status: "RUNNING",
        deadlineAt: new Date(Date.now() + 60_000),
      },
    });
    const editor = await consoleAs(world.people.editor);
    expect(await codeOf(editor.delete({ sessionId: session.id }))).toBe("CONFLICT");
    await db().turn.update({ where: { id: turn.id }, data: { status: "COMPLETED" } });
    expect(await editor.delete({ sessionId: session.id })).toEqual({ ok: true });
    expect(await db().agentSession.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await codeOf(editor.delete({ sessionId: session.id }))).toBe("NOT_FOUND");
  });

  it("refuses callerCredentials on every console run procedure (spec 5 rule 7)", async () => {
    const owner = await consoleAs(world.people.owner);
    const callerCredentials = { integrations: { "service.http": { token: "t" } } };
    const session = await opsSession(world.people.owner.actor.userId);
    const refusal = /^VALIDATION [\s\S]*callerCredentials/;
    expect(
      await codeOf(owner.openChat({ automationId: session.automationId, message: "hi", callerCredentials } as never)),
    ).toMatch(refusal);
    expect(
      await codeOf(owner.postMessage({ sessionId: session.id, message: "hi", callerCredentials } as never)),
    ).toMatch(refusal);
    expect(
      await codeOf(owner.decideApproval({ sessionId: session.id, decision: "approved", callerCredentials } as never)),
    ).toMatch(refusal);
  });
});
