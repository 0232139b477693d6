import { describe, expect, it } from "vitest";
import { actorIn, addDomainMember, createUser } from "../../../../../../../../test/factories";
import { parseFrames, sessionRow } from "../../../../../../../../test/stream-kit";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { serveSessionStream } from "./serve-stream";

const request = (sessionId: string) => new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`);

async function readUntil(body: ReadableStream<Uint8Array>, until: (text: string) => boolean): Promise<{ text: string; ended: boolean }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return { text, ended: true };
    text += decoder.decode(chunk.value, { stream: true });
    if (until(text)) {
      await reader.cancel();
      return { text, ended: false };
    }
  }
}

describe("serveSessionStream", () => {
  it("re-checks visibility on the shared heartbeat: streams of a caller who lost membership end, the others go on", async () => {
    const { organization, domain, user, actor } = await actorIn({ domainRole: "VIEWER" });
    const session = await sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
    const other = await createUser();
    await addDomainMember(domain.id, other.id, "VIEWER");
    const otherActor: TUserActor = { ...actor, userId: other.id, email: other.email };
    const leaving = await Promise.all([1, 2, 3].map(() => serveSessionStream(request(session.id), actor, session.id, { heartbeatMs: 80 })));
    const staying = await serveSessionStream(request(session.id), otherActor, session.id, { heartbeatMs: 80 });
    for (const response of [...leaving, staying]) expect(response.status).toBe(200);
    await db().domainMembership.deleteMany({ where: { domainId: domain.id, userId: user.id } });
    for (const response of leaving) {
      const { text, ended } = await readUntil(response.body!, () => false);
      expect(ended).toBe(true);
      expect(parseFrames(text).some((frame) => frame.event === "snapshot")).toBe(true);
    }
    const { text, ended } = await readUntil(staying.body!, (seen) => seen.split(": heartbeat").length > 4);
    expect(ended).toBe(false);
    expect(text).toContain("event: snapshot");
  });
});
