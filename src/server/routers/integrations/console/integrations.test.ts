import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { createContext } from "@/server/trpc/context";
import { createCallerFactory } from "@/server/trpc/init";
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

describe("console integrations procedures", () => {
  it("imports (document as object or JSON text), lists, reads and disables", async () => {
    const { actor, organization } = await actorIn({ orgRole: "ADMIN" });
    const caller = await consoleCaller(actor);
    const imported = await caller.integrations.importOpenApi({ document: crmDocument() });
    expect(imported.integration.id).toBe(`${organization.slug}.acme-crm`);
    expect(imported.baseUrl).toBe("https://eu.crm.example.com/v2");
    const fromText = await caller.integrations.importOpenApi({
      document: JSON.stringify(crmDocument()),
      name: "Second CRM",
      baseUrl: "https://crm2.example.com",
    });
    expect(fromText.baseUrl).toBe("https://crm2.example.com");
    const listed = await caller.integrations.list({ q: "crm" });
    expect(listed.integrations.map((integration) => integration.name)).toEqual(["Acme CRM", "Second CRM"]);
    expect((await caller.integrations.get({ id: imported.integration.id })).tools[0]!.inputSchema).toBeDefined();
    expect(await caller.integrations.disable({ id: fromText.integration.id })).toMatchObject({
      id: fromText.integration.id,
    });
    expect((await caller.integrations.list({})).integrations.map((integration) => integration.id)).toEqual([
      "service.calendar",
      "service.http",
      "service.knowledge",
      "service.mail",
      imported.integration.id,
    ]);
    await expect(caller.integrations.get({ id: fromText.integration.id })).rejects.toMatchObject({
      cause: { code: "NOT_FOUND" },
    });
  });

  it("refuses members (403), strict input (400) and an oversized q", async () => {
    const { actor } = await actorIn({ orgRole: "MEMBER" });
    const caller = await consoleCaller(actor);
    await expect(caller.integrations.importOpenApi({ document: crmDocument() })).rejects.toMatchObject({
      cause: { code: "FORBIDDEN" },
    });
    await expect(caller.integrations.disable({ id: "x.y" })).rejects.toMatchObject({ cause: { code: "FORBIDDEN" } });
    await expect(
      caller.integrations.importOpenApi({ document: crmDocument(), extra: true } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.integrations.list({ q: "x".repeat(201) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("needs the console cookie", async () => {
    const anonymous = createCaller(createContext(new Request("http://localhost/api/trpc"), "console"));
    await expect(anonymous.integrations.list({})).rejects.toMatchObject({ cause: { code: "UNAUTHORIZED" } });
  });
});
