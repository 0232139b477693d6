import { describe, expect, it } from "vitest";
import type { TIdentityMode, TIntegrationDefinition } from "@/server/integrations/types";
import { resolveToolCredential, type TCallerGrant, usesCallerMaterial } from "./resolve-credential";
import { addConnection, CRM, HTTP, KNOWLEDGE, turnWorld } from "./test-kit";

const CALLER = "caller-token-1a2b3c4d";
const ORG = "org-token-9z8y7x6w";
const NOW = new Date("2026-11-22T12:00:00Z");

const grant = (integrations: TCallerGrant["integrations"], expiresAt: Date | null = null): TCallerGrant => ({
  integrations,
  expiresAt,
  suppliedById: null,
});

async function orgWithConnection() {
  const world = await turnWorld();
  await addConnection(world.organization.id, world.domain.id, "service.http", { token: ORG });
  return world;
}

type TWorld = Awaited<ReturnType<typeof turnWorld>>;
const resolve = (
  world: TWorld,
  identityMode: TIdentityMode,
  callerGrant: TCallerGrant | null,
  integration: TIntegrationDefinition = HTTP,
  now = NOW,
) =>
  resolveToolCredential({
    orgId: world.organization.id,
    domainId: world.domain.id,
    integration,
    identityMode,
    grant: callerGrant,
    now,
  });

describe("resolveToolCredential (section 5)", () => {
  it("uses a credential actually sent as the caller, for caller_preferred and caller_required", async () => {
    const world = await orgWithConnection();
    const callerGrant = grant({ "service.http": { token: CALLER } });
    for (const mode of ["caller_preferred", "caller_required"] as const) {
      expect(await resolve(world, mode, callerGrant)).toEqual({
        ok: true,
        identity: "caller",
        credential: { token: CALLER },
      });
    }
  });

  it("never merges caller material with the organization's credential and drops undeclared field names", async () => {
    const world = await orgWithConnection();
    const decision = await resolve(
      world,
      "caller_preferred",
      grant({ "service.http": { fields: { api_key: "k-1", apikey: "typo", password: "p" } } }),
    );
    expect(decision).toEqual({ ok: true, identity: "caller", credential: { fields: { api_key: "k-1" } } });
  });

  it("keeps token and declared fields together for an integration that takes both", async () => {
    const world = await turnWorld();
    const decision = await resolve(
      world,
      "caller_preferred",
      grant({ "acme.crm": { token: CALLER, fields: { api_key_auth: "crm-key", extra: "x" } } }),
      CRM,
    );
    expect(decision).toEqual({
      ok: true,
      identity: "caller",
      credential: { token: CALLER, fields: { api_key_auth: "crm-key" } },
    });
  });

  it("falls back to the organization's connection for caller_preferred when nothing was sent", async () => {
    const world = await orgWithConnection();
    expect(await resolve(world, "caller_preferred", null)).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
    expect(await resolve(world, "caller_preferred", grant({ "service.http": {} }))).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
    expect(
      await resolve(world, "caller_preferred", grant({ "service.http": { fallbackAllowed: true } })),
    ).toMatchObject({ identity: "service" });
  });

  it("never sends material keyed to another integration", async () => {
    const world = await orgWithConnection();
    const other = grant({ "acme.crm": { token: CALLER } });
    expect(await resolve(world, "caller_preferred", other)).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
    expect(await resolve(world, "caller_required", other)).toMatchObject({
      ok: false,
      code: "CALLER_CREDENTIALS_REQUIRED",
    });
  });

  it("fails with CALLER_CREDENTIALS_REQUIRED when either side requires the caller and none was sent", async () => {
    const world = await orgWithConnection();
    const required = await resolve(world, "caller_required", null);
    expect(required).toMatchObject({ ok: false, code: "CALLER_CREDENTIALS_REQUIRED" });
    expect(!required.ok && required.message).toMatch(
      /caller_required.*callerCredentials\.integrations\["service\.http"\]/,
    );
    const noFallback = await resolve(world, "caller_preferred", grant({ "service.http": { fallbackAllowed: false } }));
    expect(noFallback).toMatchObject({ ok: false, code: "CALLER_CREDENTIALS_REQUIRED" });
    expect(!noFallback.ok && noFallback.message).toMatch(/fallbackAllowed: false/);
    // fallbackAllowed:true cannot relax the author's caller_required.
    expect(await resolve(world, "caller_required", grant({ "service.http": { fallbackAllowed: true } }))).toMatchObject(
      { code: "CALLER_CREDENTIALS_REQUIRED" },
    );
  });

  it("treats material the integration would drop entirely as none sent", async () => {
    const world = await orgWithConnection();
    const undeclared = grant({ "service.http": { fields: { password: "p-1" } } });
    expect(await resolve(world, "caller_preferred", undeclared)).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
    expect(await resolve(world, "caller_required", undeclared)).toMatchObject({ code: "CALLER_CREDENTIALS_REQUIRED" });
  });

  it("ignores the caller's entry for a service binding: the organization's connection is used", async () => {
    const world = await orgWithConnection();
    expect(await resolve(world, "service", grant({ "service.http": { token: CALLER } }))).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
    expect(await resolve(world, "service", grant({ "service.http": { fallbackAllowed: false } }))).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
  });

  it("runs without a credential when the domain has no connection for the integration", async () => {
    const world = await turnWorld();
    expect(await resolve(world, "caller_preferred", null)).toEqual({ ok: true, identity: "service", credential: null });
    expect(await resolve(world, "service", null, KNOWLEDGE)).toEqual({
      ok: true,
      identity: "service",
      credential: null,
    });
  });

  it("uses the newest connection of the domain, never one of another domain", async () => {
    const world = await turnWorld();
    const { createDomain } = await import("../../../../test/factories");
    const other = await createDomain(world.organization.id, "Other");
    await addConnection(world.organization.id, other.id, "service.http", { token: "other-domain-token" });
    expect(await resolve(world, "service", null)).toEqual({ ok: true, identity: "service", credential: null });
    await addConnection(world.organization.id, world.domain.id, "service.http", { token: "older" });
    await new Promise((resolveLater) => setTimeout(resolveLater, 5));
    await addConnection(world.organization.id, world.domain.id, "service.http", { fields: { api_key: "newer" } });
    expect(await resolve(world, "service", null)).toEqual({
      ok: true,
      identity: "service",
      credential: { fields: { api_key: "newer" } },
    });
  });

  it("fails with CALLER_CREDENTIAL_EXPIRED on expired material and never falls back", async () => {
    const world = await orgWithConnection();
    for (const expiresAt of [new Date(NOW.getTime() - 1), NOW]) {
      const decision = await resolve(
        world,
        "caller_preferred",
        grant({ "service.http": { token: CALLER } }, expiresAt),
      );
      expect(decision).toMatchObject({ ok: false, code: "CALLER_CREDENTIAL_EXPIRED" });
      expect(!decision.ok && decision.message).not.toContain(CALLER);
      expect(!decision.ok && decision.message).toContain(expiresAt.toISOString());
    }
    const later = new Date(NOW.getTime() + 1000);
    expect(await resolve(world, "caller_preferred", grant({ "service.http": { token: CALLER } }, later))).toMatchObject(
      { ok: true, identity: "caller" },
    );
  });

  it("lets an expired grant leave integrations it holds no material for alone", async () => {
    const world = await orgWithConnection();
    const expired = grant({ "acme.crm": { token: CALLER } }, new Date(NOW.getTime() - 1));
    expect(await resolve(world, "caller_preferred", expired)).toEqual({
      ok: true,
      identity: "service",
      credential: { token: ORG },
    });
  });

  it("does not read an entry from the object prototype", async () => {
    const world = await turnWorld();
    const tricky: TIntegrationDefinition = { ...CRM, id: "constructor" };
    expect(await resolve(world, "caller_required", grant({}), tricky)).toMatchObject({
      code: "CALLER_CREDENTIALS_REQUIRED",
    });
  });
});

describe("usesCallerMaterial (user-routed approvals)", () => {
  const withToken = grant({ "service.http": { token: CALLER } });

  it("is true only when a caller-bound call has material keyed to its integration", () => {
    expect(usesCallerMaterial("caller_preferred", withToken, "service.http")).toBe(true);
    expect(usesCallerMaterial("caller_required", withToken, "service.http")).toBe(true);
    expect(usesCallerMaterial("service", withToken, "service.http")).toBe(false);
    expect(usesCallerMaterial("caller_preferred", withToken, "acme.crm")).toBe(false);
    expect(usesCallerMaterial("caller_preferred", null, "service.http")).toBe(false);
    expect(
      usesCallerMaterial("caller_preferred", grant({ "service.http": { fallbackAllowed: false } }), "service.http"),
    ).toBe(false);
    expect(
      usesCallerMaterial("caller_preferred", grant({ "service.http": { fields: { api_key: "k" } } }), "service.http"),
    ).toBe(true);
  });

  it("counts expired material (the supplier approves with fresh material) and, given the integration, ignores dropped fields", () => {
    expect(
      usesCallerMaterial("caller_preferred", grant({ "service.http": { token: CALLER } }, new Date(0)), "service.http"),
    ).toBe(true);
    const undeclared = grant({ "service.http": { fields: { password: "p" } } });
    expect(usesCallerMaterial("caller_preferred", undeclared, "service.http")).toBe(true);
    expect(usesCallerMaterial("caller_preferred", undeclared, "service.http", HTTP)).toBe(false);
  });
});
