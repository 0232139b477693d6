import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import { logEvents, sessionRow } from "../../../../test/stream-kit";
import { sessionHub } from "@/server/events/session-hub";
import { db } from "@/server/db/client";
import { deleteSession } from "./delete-session";

// Deleting a session ends everyone following it at once (its streams, MCP waits), through the
// process's hub, instead of at the hub's next safety sweep.

describe("deleting a session", () => {
  it("ends its followers at once, without waiting for a sweep, and keeps nothing of it", async () => {
    const { organization, domain, user, actor } = await actorIn();
    const session = await sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
    const hub = await sessionHub();
    await hub.listeningReady();
    const ended: string[] = [];
    const seqs: number[] = [];
    for (let index = 0; index < 2; index++) {
      hub.follow(session.id, 0, {
        onEvents: (events) => seqs.push(...events.map((event) => event.seq)),
        onEnd: (reason) => ended.push(reason),
      });
    }
    await logEvents(session.id, [["turn.completed", {}]]);
    await expect.poll(() => seqs).toEqual([1, 1]);
    const sweeps = hub.stats.sweeps;
    await deleteSession(actor, { sessionId: session.id });
    await expect.poll(() => ended, { timeout: 5_000 }).toEqual(["deleted", "deleted"]);
    expect(hub.stats.sweeps).toBe(sweeps);
    expect(await db().agentSession.findUnique({ where: { id: session.id } })).toBeNull();
  });
});
