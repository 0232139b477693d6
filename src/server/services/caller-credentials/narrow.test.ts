import { describe, expect, it } from "vitest";
import type { TBeltEntry } from "@/contracts/agents/setup";
import { missingRequiredCallerMaterial, narrowCallerCredentials, narrowForBelt } from "./narrow";

const credentials = {
  integrations: {
    "service.http": { token: "http-token" },
    "acme.crm": { fields: { api_key_auth: "crm" }, fallbackAllowed: false },
    "acme.unused": { token: "nobody" },
  },
};

const reader: TBeltEntry[] = [
  { integrationId: "service.http", identityMode: "caller_preferred" },
  { integrationId: "service.knowledge", identityMode: "service" },
];
const crmOnly: TBeltEntry[] = [
  { integrationId: "acme.crm", identityMode: "caller_required" },
  { integrationId: "service.http", identityMode: "service" },
];
const serviceOnly: TBeltEntry[] = [{ integrationId: "service.http", identityMode: "service" }];

describe("narrowCallerCredentials (trigger fan-out)", () => {
  it("gives each subscriber only integrations it binds at caller identity, and lists ids nobody uses", () => {
    const { perSubscriber, unusedIntegrationIds } = narrowCallerCredentials(credentials, [
      { id: "reader", belt: reader },
      { id: "crm", belt: crmOnly },
      { id: "plain", belt: serviceOnly },
    ]);
    expect(perSubscriber.get("reader")).toEqual({ integrations: { "service.http": { token: "http-token" } } });
    expect(perSubscriber.get("crm")).toEqual({
      integrations: { "acme.crm": { fields: { api_key_auth: "crm" }, fallbackAllowed: false } },
    });
    expect(perSubscriber.has("plain")).toBe(true);
    expect(perSubscriber.get("plain")).toBeUndefined();
    expect(unusedIntegrationIds).toEqual(["acme.unused"]);
  });

  it("counts an id bound only as service as unused, and handles absent credentials", () => {
    expect(narrowCallerCredentials(credentials, [{ id: "plain", belt: serviceOnly }]).unusedIntegrationIds).toEqual([
      "service.http",
      "acme.crm",
      "acme.unused",
    ]);
    const none = narrowCallerCredentials(undefined, [{ id: "reader", belt: reader }]);
    expect(none.perSubscriber.get("reader")).toBeUndefined();
    expect(none.unusedIntegrationIds).toEqual([]);
  });

  it("narrows one belt", () => {
    expect(narrowForBelt(credentials, crmOnly)).toEqual({
      integrations: { "acme.crm": credentials.integrations["acme.crm"] },
    });
    expect(narrowForBelt(credentials, [])).toBeUndefined();
  });
});

describe("missingRequiredCallerMaterial", () => {
  it("names caller_required integrations without material (a start is refused), none for preferred ones", () => {
    expect(missingRequiredCallerMaterial(undefined, crmOnly)).toEqual(["acme.crm"]);
    expect(missingRequiredCallerMaterial({ integrations: { "acme.crm": { fallbackAllowed: true } } }, crmOnly)).toEqual(
      ["acme.crm"],
    );
    expect(missingRequiredCallerMaterial(credentials, crmOnly)).toEqual([]);
    expect(missingRequiredCallerMaterial(undefined, reader)).toEqual([]);
  });
});
