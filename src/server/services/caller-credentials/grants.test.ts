import { describe, expect, it } from "vitest";
import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { createCallerGrant, deleteCallerGrant, readCallerGrant, replaceCallerGrant } from "./grants";
import { turnWorld } from "./test-kit";

const TOKEN = "caller-token-7f3a9c2e1b";
const FIELD = "caller-field-secret-55d1";

const grantRow = (turnId: string) => db().callerGrant.findUnique({ where: { turnId } });

async function create(
  turnId: string,
  callerCredentials: TCallerCredentials | undefined,
  extra: { expiresAt?: Date | null; suppliedById?: string | null } = {},
) {
  await db().$transaction((tx) =>
    createCallerGrant(tx, {
      turnId,
      callerCredentials,
      suppliedById: extra.suppliedById ?? null,
      expiresAt: extra.expiresAt,
    }),
  );
}
const read = (turnId: string) => db().$transaction((tx) => readCallerGrant(tx, turnId));

describe("caller grants", () => {
  it("stores nothing when no entry changes an outcome (undefined, empty map, {} and fallbackAllowed:true entries)", async () => {
    const { turnId } = await turnWorld();
    await create(turnId, undefined);
    await create(turnId, { integrations: {} });
    await create(turnId, { integrations: { "service.http": {}, "acme.crm": { fallbackAllowed: true } } });
    expect(await grantRow(turnId)).toBeNull();
    expect(await read(turnId)).toBeNull();
  });

  it("remembers an entry with only fallbackAllowed:false (it makes the call fail without material)", async () => {
    const { turnId } = await turnWorld();
    await create(turnId, { integrations: { "service.http": { fallbackAllowed: false }, "acme.crm": {} } });
    const grant = await read(turnId);
    expect(grant?.integrations).toEqual({ "service.http": { fallbackAllowed: false } });
  });

  it("seals the material with the vault: the column never holds the plaintext, reading opens it", async () => {
    const { turnId, user } = await turnWorld();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await create(
      turnId,
      {
        integrations: {
          "service.http": { token: TOKEN, fields: { api_key: FIELD } },
          "acme.crm": { token: TOKEN, fallbackAllowed: true },
        },
      },
      { expiresAt, suppliedById: user.id },
    );
    const row = await grantRow(turnId);
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain(TOKEN);
    expect(row?.sealed).not.toContain(FIELD);
    expect(row?.sealed).not.toContain(Buffer.from(TOKEN).toString("base64url"));
    expect(row?.sealed).not.toContain("service.http");
    const grant = await read(turnId);
    expect(grant).toEqual({
      integrations: { "service.http": { token: TOKEN, fields: { api_key: FIELD } }, "acme.crm": { token: TOKEN } },
      expiresAt,
      suppliedById: user.id,
    });
  });

  it("treats an integration id named __proto__ as an ordinary key", async () => {
    const { turnId } = await turnWorld();
    const credentials = JSON.parse(`{"integrations":{"__proto__":{"token":"${TOKEN}"}}}`) as TCallerCredentials;
    await create(turnId, credentials);
    const grant = await read(turnId);
    expect(Object.hasOwn(grant!.integrations, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(grant!.integrations)).toBe(Object.prototype);
  });

  it("replaces the grant on approval with fresh material: old entries, expiry and supplier are gone", async () => {
    const { turnId, user } = await turnWorld();
    await create(
      turnId,
      { integrations: { "service.http": { token: "old-token-1" }, "acme.crm": { token: "old-token-2" } } },
      { expiresAt: new Date(Date.now() - 1000), suppliedById: null },
    );
    await db().$transaction((tx) =>
      replaceCallerGrant(tx, {
        turnId,
        callerCredentials: { integrations: { "service.http": { token: TOKEN } } },
        suppliedById: user.id,
      }),
    );
    expect(await read(turnId)).toEqual({
      integrations: { "service.http": { token: TOKEN } },
      expiresAt: null,
      suppliedById: user.id,
    });
    expect((await grantRow(turnId))?.sealed).not.toContain("old-token");
  });

  it("creates a grant on approval when the turn had none, and removes it when the fresh map is empty", async () => {
    const { turnId } = await turnWorld();
    await db().$transaction((tx) =>
      replaceCallerGrant(tx, {
        turnId,
        callerCredentials: { integrations: { "service.http": { token: TOKEN } } },
        suppliedById: null,
      }),
    );
    expect((await read(turnId))?.integrations).toEqual({ "service.http": { token: TOKEN } });
    await db().$transaction((tx) =>
      replaceCallerGrant(tx, {
        turnId,
        callerCredentials: { integrations: { "service.http": {} } },
        suppliedById: null,
      }),
    );
    expect(await grantRow(turnId)).toBeNull();
  });

  it("deletes the grant when the turn settles, and tolerates a turn without one", async () => {
    const { turnId } = await turnWorld();
    await create(turnId, { integrations: { "service.http": { token: TOKEN } } });
    await db().$transaction((tx) => deleteCallerGrant(tx, turnId));
    expect(await grantRow(turnId)).toBeNull();
    await expect(db().$transaction((tx) => deleteCallerGrant(tx, turnId))).resolves.toBeUndefined();
  });

  it("keeps each turn's material to itself: a later turn cannot read an earlier turn's grant", async () => {
    const first = await turnWorld();
    const second = await turnWorld();
    await create(first.turnId, { integrations: { "service.http": { token: TOKEN } } });
    expect(await read(second.turnId)).toBeNull();
  });

  it("refuses an altered envelope with an actionable error that names no material", async () => {
    const { turnId } = await turnWorld();
    await create(turnId, { integrations: { "service.http": { token: TOKEN } } });
    const row = await grantRow(turnId);
    const parts = row!.sealed.split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    await db().callerGrant.update({ where: { turnId }, data: { sealed: parts.join(".") } });
    const error = await read(turnId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INTERNAL");
    expect((error as AppError).message).toMatch(/cannot be decrypted/);
    expect((error as AppError).message).not.toContain(TOKEN);
  });
});
