import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../../test/console-kit";
import { createOrganization, createUser } from "../../../../test/factories";
import { GET as trpcRoute } from "@/app/api/trpc/[trpc]/route";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";

// The /admin procedures as the console calls them, with real session cookies.

async function callerFor(userId: string | null, orgId: string | null = null) {
  const headers: Record<string, string> = {};
  if (userId) headers.cookie = `service_session=${encodeURIComponent(await mintSessionCookie({ sub: userId, orgId }))}`;
  return appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc", { headers }), "console"));
}

async function operatorUser() {
  const user = await createUser();
  await db().user.update({ where: { id: user.id }, data: { isInstanceOperator: true } });
  return user;
}

describe("the admin procedures", () => {
  it("answer a non-operator with the uniform 404 and a signed-out caller with 401, and write nothing", async () => {
    const person = await createUser();
    const asPerson = await callerFor(person.id);
    // Counted by this test's own name: other files create platforms at the same time.
    const name = `Sneaky ${crypto.randomUUID()}`;
    expect(await refusalOf(asPerson.admin.listPlatforms())).toBe("NOT_FOUND 404");
    expect(await refusalOf(asPerson.admin.createPlatform({ name, provisioningEnabled: true, customerQuota: 5 }))).toBe(
      "NOT_FOUND 404",
    );
    expect(await refusalOf(asPerson.admin.grantOperator({ email: person.email }))).toBe("NOT_FOUND 404");
    expect(await refusalOf((await callerFor(null)).admin.listOperators())).toBe("UNAUTHORIZED 401");
    expect(await db().partnerPlatform.count({ where: { name } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: person.id } })).isInstanceOperator).toBe(false);
  });

  it("answer over HTTP with the 404 status and envelope code for a non-operator, and 200 for an operator", async () => {
    const person = await createUser();
    const operator = await operatorUser();
    const get = async (userId: string) => {
      const cookie = encodeURIComponent(await mintSessionCookie({ sub: userId, orgId: null }));
      return trpcRoute(
        new Request("http://127.0.0.1/api/trpc/admin.listOperators", {
          headers: { cookie: `service_session=${cookie}` },
        }),
      );
    };
    const refused = await get(person.id);
    expect(refused.status).toBe(404);
    const body = JSON.stringify(await refused.json());
    expect(body).toContain("NOT_FOUND");
    const allowed = await get(operator.id);
    expect(allowed.status).toBe(200);
    expect(JSON.stringify(await allowed.json())).toContain(operator.email);
  });

  it("lose access at once when operator rights are revoked or the person is disabled", async () => {
    const [first, second] = [await operatorUser(), await operatorUser()];
    const asSecond = await callerFor(second.id);
    await expect(asSecond.admin.listOperators()).resolves.toBeDefined();
    await (await callerFor(first.id)).admin.revokeOperator({ userId: second.id });
    expect(await refusalOf(asSecond.admin.listOperators())).toBe("NOT_FOUND 404");
    await db().user.update({ where: { id: first.id }, data: { disabledAt: new Date() } });
    expect(await refusalOf((await callerFor(first.id)).admin.listPlatforms())).toBe("UNAUTHORIZED 401");
  });

  it("let an operator run a platform end to end, with no organization selected", async () => {
    const operator = await operatorUser();
    const source = await createOrganization("Source");
    await db().domain.create({
      data: { organizationId: source.id, name: "Main", slug: `main-${source.id.slice(0, 8)}` },
    });
    const { admin } = await callerFor(operator.id);
    const { platform } = await admin.createPlatform({
      name: "Console platform",
      provisioningEnabled: false,
      customerQuota: 2,
    });
    const { secret } = await admin.issuePartnerKey({ platformId: platform.id, name: "Main key" });
    expect(secret).toMatch(/^ykp_/);
    const { app } = await admin.createPartnerApp({ platformId: platform.id, name: "Web" });
    const { template } = await admin.createTemplate({
      platformId: platform.id,
      name: "Starter",
      sourceOrganizationId: source.id,
    });
    const { version } = await admin.publishTemplateRelease({ templateId: template.id });
    expect(version).toBe(1);
    await admin.setProvisioningTemplate({ platformId: platform.id, templateId: template.id });
    await admin.setPlatformGrant({ platformId: platform.id, provisioningEnabled: true });
    await admin.setPlatformStatus({ platformId: platform.id, status: "SUSPENDED" });
    const { platform: read } = await admin.getPlatform({ platformId: platform.id });
    expect(read).toMatchObject({
      status: "SUSPENDED",
      provisioningEnabled: true,
      provisioningTemplateId: template.id,
      customerQuota: 2,
    });
    expect((await admin.listPartnerApps({ platformId: platform.id })).apps.map((entry) => entry.id)).toEqual([app.id]);
    expect((await admin.listOrganizations()).organizations.map((entry) => entry.id)).toContain(source.id);
    expect(await refusalOf(admin.revokeOperator({ userId: operator.id }))).toBe("CONFLICT 409");
    expect(await refusalOf(admin.createPlatform({ name: " ", provisioningEnabled: true, customerQuota: 1 }))).toMatch(
      /^VALIDATION/,
    );
  });

  it("tells the console whether the person is an operator", async () => {
    const operator = await operatorUser();
    const person = await createUser();
    expect((await (await callerFor(operator.id)).tenancy.getMe()).user.isInstanceOperator).toBe(true);
    expect((await (await callerFor(person.id)).tenancy.getMe()).user.isInstanceOperator).toBe(false);
  });
});
