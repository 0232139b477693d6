import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { resolveConnectionSecret } from "@/server/services/connections/resolve-connection-secret";
import { createContext } from "@/server/trpc/context";
import { createCallerFactory } from "@/server/trpc/init";
import { surfaceProcedures } from "@/server/trpc/surface";
import { appRouter } from "@/server/routers/root";

const createCaller = createCallerFactory(appRouter);

async function consoleCaller(actor: TUserActor) {
  const cookie = await mintSessionCookie({ sub: actor.userId, orgId: actor.orgId });
  return createCaller(
    createContext(
      new Request("http://localhost/api/trpc", { headers: { cookie: `service_session=${cookie}` } }),
      "console",
    ),
  );
}

describe("console connections procedures", () => {
  it("create, list and delete; the secret only reaches the engine's resolver", async () => {
    const { actor, domain, organization } = await actorIn({ domainRole: "EDITOR" });
    const caller = await consoleCaller(actor);
    const token = "ghp_abcdefghijklmnop1234";
    const { connection } = await caller.connections.create({
      domainId: domain.id,
      integrationId: "service.http",
      name: "  GitHub  ",
      token,
    });
    expect(connection).toMatchObject({ name: "GitHub", integrationId: "service.http", secretHint: "token …1234" });
    const listed = await caller.connections.list({ domainId: domain.id });
    expect(listed.connections).toEqual([connection]);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(await resolveConnectionSecret(connection.id, organization.id)).toEqual({ token });
    expect(await caller.connections.delete({ id: connection.id })).toEqual({ id: connection.id });
    expect((await caller.connections.list({ domainId: domain.id })).connections).toEqual([]);
  });

  it("enforces the callerCredentials bounds on token and fields", async () => {
    const { actor, domain } = await actorIn({ domainRole: "OWNER" });
    const caller = await consoleCaller(actor);
    const base = { domainId: domain.id, integrationId: "service.http", name: "x" };
    const refused = [
      { ...base },
      { ...base, token: "" },
      { ...base, token: "a".repeat(8_193) },
      { ...base, token: "line\nbreak" },
      { ...base, token: "carriage\rreturn" },
      { ...base, fields: {} },
      { ...base, fields: Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`f${index}`, "v"])) },
      { ...base, fields: { "bad-name": "v" } },
      { ...base, fields: { ["k".repeat(65)]: "v" } },
      { ...base, fields: { api_key: "" } },
      { ...base, fields: { api_key: "x\ny" } },
      { ...base, token: "t", extra: 1 },
      { ...base, integrationId: "i".repeat(65), token: "t" },
      { ...base, name: "   ", token: "t" },
      { ...base, domainId: "not-a-uuid", token: "t" },
    ];
    for (const input of refused)
      await expect(caller.connections.create(input as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.connections.create({ ...base, token: "a".repeat(8_192) })).resolves.toBeDefined();
    await expect(caller.connections.create({ ...base, fields: { api_key: "k" } })).resolves.toBeDefined();
    // Sixteen well-formed names pass the bounds; service.http declares only api_key, so the rest are refused by name.
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, index) => [`f${index}`, "v"]));
    await expect(caller.connections.create({ ...base, fields: sixteen })).rejects.toMatchObject({
      cause: { code: "VALIDATION", message: expect.stringContaining("f0") },
    });
  });

  it("answers 403 without edit_automation and 404 across organizations", async () => {
    const viewer = await actorIn({ domainRole: "VIEWER" });
    const viewerCaller = await consoleCaller(viewer.actor);
    await expect(viewerCaller.connections.list({ domainId: viewer.domain.id })).rejects.toMatchObject({
      cause: { code: "FORBIDDEN" },
    });
    const stranger = await actorIn({ domainRole: "OWNER" });
    const strangerCaller = await consoleCaller(stranger.actor);
    await expect(strangerCaller.connections.list({ domainId: viewer.domain.id })).rejects.toMatchObject({
      cause: { code: "NOT_FOUND" },
    });
  });

  it("is never part of a machine API surface", () => {
    const paths = [...surfaceProcedures("v1"), ...surfaceProcedures("partner-v1")].map((entry) => entry.path);
    expect(paths.filter((path) => path.startsWith("connections."))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("integrations.")).sort()).toEqual([
      "integrations.authoringGet",
      "integrations.authoringList",
    ]);
  });
});
