import { describe, expect, it } from "vitest";
import { bearerHeaders, memberOfNewOrg } from "../../../../test/factories";
import { authenticateBearer } from "@/server/auth/authenticate";
import { hashSecret, parseSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { createAccessToken } from "./create-access-token";

const HOUR = 60 * 60 * 1000;

describe("createAccessToken", () => {
  it("mints a yku_ token for the user and organization", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = await createAccessToken({ userId: user.id, orgId: organization.id });
    expect(token.startsWith("yku_")).toBe(true);
    expect(parseSecret(token)?.kind).toBe("user_token");
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).toMatchObject({
      userId: user.id,
      orgId: organization.id,
      via: "user_token",
    });
  });

  it("expires exactly one hour after the given time", async () => {
    const { organization, user } = await memberOfNewOrg();
    const now = new Date("2030-01-02T03:04:05.678Z");
    const { expiresAt } = await createAccessToken({ userId: user.id, orgId: organization.id, now });
    expect(expiresAt).toBe("2030-01-02T04:04:05.678Z");
    const row = await db().accessToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.expiresAt.getTime()).toBe(now.getTime() + HOUR);
  });

  it("expires one hour after now by default", async () => {
    const { organization, user } = await memberOfNewOrg();
    const before = Date.now();
    const { expiresAt } = await createAccessToken({ userId: user.id, orgId: organization.id });
    const after = Date.now();
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + HOUR);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + HOUR);
  });

  it("stores only a hash: the token text appears nowhere in access_tokens", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = await createAccessToken({ userId: user.id, orgId: organization.id });
    const secretPart = token.slice(parseSecret(token)!.prefix.length);
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM access_tokens`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(secretPart);
    const mine = await db().accessToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(mine.secretHash).toBe(hashSecret(token));
  });

  it("mints a different token every time", async () => {
    const { organization, user } = await memberOfNewOrg();
    const first = await createAccessToken({ userId: user.id, orgId: organization.id });
    const second = await createAccessToken({ userId: user.id, orgId: organization.id });
    expect(first.token).not.toBe(second.token);
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(2);
    for (const { token } of [first, second])
      expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).not.toBeNull();
  });

  it("prunes the user's expired tokens and keeps everything else", async () => {
    const mine = await memberOfNewOrg();
    const theirs = await memberOfNewOrg();
    const now = Date.now();
    // Issued in this order so that no earlier call prunes a token this test expects to find.
    const valid = await createAccessToken({
      userId: mine.user.id,
      orgId: mine.organization.id,
      now: new Date(now - HOUR / 2),
    });
    const expired = await createAccessToken({
      userId: mine.user.id,
      orgId: mine.organization.id,
      now: new Date(now - 3 * HOUR),
    });
    const othersExpired = await createAccessToken({
      userId: theirs.user.id,
      orgId: theirs.organization.id,
      now: new Date(now - 3 * HOUR),
    });
    expect(await db().accessToken.count({ where: { userId: mine.user.id } })).toBe(2);

    const fresh = await createAccessToken({ userId: mine.user.id, orgId: mine.organization.id, now: new Date(now) });

    const hashes = async (userId: string) =>
      (await db().accessToken.findMany({ where: { userId }, select: { secretHash: true } }))
        .map((row) => row.secretHash)
        .sort();
    expect(await hashes(mine.user.id)).toEqual([hashSecret(valid.token), hashSecret(fresh.token)].sort());
    expect(await hashes(mine.user.id)).not.toContain(hashSecret(expired.token));
    expect(await hashes(theirs.user.id)).toEqual([hashSecret(othersExpired.token)]);
  });
});
