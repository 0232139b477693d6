import { describe, expect, it } from "vitest";
import { actorIn, addDomainMember, createUser } from "../../../test/factories";
import { parseFrames, sessionRow } from "../../../test/stream-kit";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { serveSessionStream } from "./serve-session-stream";

const request = (sessionId: string) => new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`);

/** Reads a stream as it comes: `until` waits for text without ending the stream; `toEnd` reads to its end. */
function follow(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const next = async () => {
    const chunk = await reader.read();
    if (!chunk.done) text += decoder.decode(chunk.value, { stream: true });
    return chunk.done;
  };
  return {
    async until(seen: (text: string) => boolean): Promise<string> {
      while (!seen(text)) if (await next()) break;
      return text;
    },
    async toEnd(): Promise<string> {
      while (!(await next()));
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

describe("serveSessionStream", () => {
  it("re-checks visibility on the shared heartbeat: streams of a caller who lost membership end, the others go on", async () => {
    const { organization, domain, user, actor } = await actorIn({ domainRole: "VIEWER" });
    const session = await sessionRow({ organizationId: organization.id, domainId: domain.id, ownerId: user.id });
    const other = await createUser();
    await addDomainMember(domain.id, other.id, "VIEWER");
    const otherActor: TUserActor = { ...actor, userId: other.id, email: other.email };
    const leaving = await Promise.all(
      [1, 2, 3].map(() => serveSessionStream(request(session.id), actor, session.id, { heartbeatMs: 80 })),
    );
    const staying = await serveSessionStream(request(session.id), otherActor, session.id, { heartbeatMs: 80 });
    for (const response of [...leaving, staying]) expect(response.status).toBe(200);
    const readers = leaving.map((response) => follow(response.body!));
    // Each stream has sent its snapshot before the membership goes, so only the heartbeat ends them.
    for (const reader of readers)
      expect(await reader.until((text) => text.includes("event: snapshot"))).toContain("event: snapshot");
    await db().domainMembership.deleteMany({ where: { domainId: domain.id, userId: user.id } });
    for (const reader of readers) {
      const text = await reader.toEnd();
      expect(parseFrames(text).some((frame) => frame.event === "snapshot")).toBe(true);
    }
    const stayingReader = follow(staying.body!);
    const text = await stayingReader.until((seen) => seen.split(": heartbeat").length > 4);
    expect(text).toContain("event: snapshot");
    expect(text.split(": heartbeat").length).toBeGreaterThan(4);
    await stayingReader.cancel();
  });
});
