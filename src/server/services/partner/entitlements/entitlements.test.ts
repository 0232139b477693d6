import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, flow, type TAgentsWorld } from "../../../../../test/agents-kit";
import { partnerApi, partnerWithFollower, templateDefault } from "../../../../../test/entitlements-kit";
import { partnerPlatform } from "../../../../../test/partner-kit";
import { publishAgent } from "../../../../../test/sessions-kit";
import { disabledAutomations } from "./disabled-automations";

// The partner's entitlement routes through the real route handler: resolved standing (the
// template's default, the override, clearing it) and the uniform 404 for everything not its own.

let world: Awaited<ReturnType<typeof partnerWithFollower>>;
let other: Awaited<ReturnType<typeof partnerPlatform>>;
let acme: TAgentsWorld;
const ids = {} as Record<"templated" | "ownAgent" | "ownFlow" | "acmeAgent", string>;

beforeAll(async () => {
  world = await partnerWithFollower();
  other = await partnerPlatform();
  acme = await agentsWorld();
  ids.templated = await publishAgent(
    world.owner.actor,
    world.domainId,
    { model: "builtin:echo" },
    { name: "A templated agent" },
  );
  await templateDefault(ids.templated, false);
  ids.ownAgent = await publishAgent(
    world.owner.actor,
    world.domainId,
    { model: "builtin:echo" },
    { name: "B own agent" },
  );
  ids.ownFlow = (await flow(world.orgId, world.domainId)).id;
  ids.acmeAgent = await publishAgent(acme.people.owner.actor, acme.acme.ops, { model: "builtin:echo" });
});

const entitlementPath = (automationId: string, orgId = world.orgId) =>
  `/organizations/${orgId}/automations/${automationId}/entitlement`;

describe("GET /organizations/:orgId/entitlements", () => {
  it("lists every agent and flow, published or not, with default, override and resolved standing", async () => {
    const response = await partnerApi("GET", `/organizations/${world.orgId}/entitlements`, world.partner.key);
    expect(response.status).toBe(200);
    expect(response.body.entitlements).toEqual([
      {
        automationId: ids.ownFlow,
        kind: "flow",
        name: "A flow",
        domainId: world.domainId,
        default: true,
        override: null,
        enabled: true,
      },
      {
        automationId: ids.templated,
        kind: "agent",
        name: "A templated agent",
        domainId: world.domainId,
        default: false,
        override: null,
        enabled: false,
      },
      {
        automationId: ids.ownAgent,
        kind: "agent",
        name: "B own agent",
        domainId: world.domainId,
        default: true,
        override: null,
        enabled: true,
      },
    ]);
  });

  it("answers one 404 for another platform's customer, an ordinary organization, a nonexistent and a malformed id", async () => {
    for (const orgId of [world.orgId, acme.acme.id, crypto.randomUUID(), "not-a-uuid"]) {
      const response = await partnerApi(
        "GET",
        `/organizations/${orgId}/entitlements`,
        orgId === world.orgId ? other.key : world.partner.key,
      );
      expect(response.status, orgId).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("is a neutral 401 without a partner key, with a personal key or a bad one", async () => {
    for (const credential of [null, world.owner.key, `ykp_${"x".repeat(52)}`]) {
      const response = await partnerApi("GET", `/organizations/${world.orgId}/entitlements`, credential);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe("UNAUTHORIZED");
    }
  });
});

describe("PATCH and DELETE .../automations/:automationId/entitlement", () => {
  it("sets the override over the template's default, and clearing brings the default back", async () => {
    const enabled = await partnerApi("PATCH", entitlementPath(ids.templated), world.partner.key, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ automationId: ids.templated, default: false, override: true, enabled: true });
    expect(await disabledAutomations([ids.templated])).toEqual(new Set());

    const cleared = await partnerApi("DELETE", entitlementPath(ids.templated), world.partner.key);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ default: false, override: null, enabled: false });
    expect(await disabledAutomations([ids.templated, ids.ownAgent])).toEqual(new Set([ids.templated]));
  });

  it("disables an automation the customer made itself (its row appears with default true), and clearing is idempotent", async () => {
    const disabled = await partnerApi("PATCH", entitlementPath(ids.ownFlow), world.partner.key, { enabled: false });
    expect(disabled.body).toMatchObject({ kind: "flow", default: true, override: false, enabled: false });
    expect(await disabledAutomations([ids.ownFlow, ids.ownAgent])).toEqual(new Set([ids.ownFlow]));
    for (let attempt = 0; attempt < 2; attempt++) {
      const cleared = await partnerApi("DELETE", entitlementPath(ids.ownFlow), world.partner.key);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ default: true, override: null, enabled: true });
    }
    const untouched = await partnerApi("DELETE", entitlementPath(ids.ownAgent), world.partner.key);
    expect(untouched.body).toMatchObject({ default: true, override: null, enabled: true });
  });

  it("refuses unknown fields and a missing or non-boolean enabled (400 VALIDATION)", async () => {
    for (const body of [{ enabled: true, extra: 1 }, {}, { enabled: null }, { enabled: "false" }, { enabled: 0 }]) {
      const response = await partnerApi("PATCH", entitlementPath(ids.ownAgent), world.partner.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
    }
  });

  it("answers one 404 for an unknown automation, another organization's, and another platform's customer", async () => {
    const cases: Array<[string, string]> = [
      [entitlementPath(crypto.randomUUID()), world.partner.key],
      [entitlementPath("nope"), world.partner.key],
      [entitlementPath(ids.acmeAgent), world.partner.key],
      [entitlementPath(ids.acmeAgent, acme.acme.id), world.partner.key],
      [entitlementPath(ids.ownAgent), other.key],
    ];
    for (const [path, key] of cases) {
      for (const [method, body] of [
        ["PATCH", { enabled: false }],
        ["DELETE", undefined],
      ] as const) {
        const response = await partnerApi(method, path, key, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe("NOT_FOUND");
      }
    }
    expect(await disabledAutomations([ids.acmeAgent, ids.ownAgent])).toEqual(new Set());
  });
});
