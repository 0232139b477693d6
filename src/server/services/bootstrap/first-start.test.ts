import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOrganization, createUser } from "../../../../test/factories";
import { signInWithPassword } from "@/server/auth/sign-in";
import { db, migrateDatabase, openDatabase, ready, useDatabase, type TDatabase } from "@/server/db/client";
import { createFirstAccount } from "./first-start";

// The run's database is shared with other test files (on PostgreSQL), so it is never empty:
// these tests use their own in-memory database, emptied before each test, and put the shared
// one back afterwards.
let shared: TDatabase;
let fresh: TDatabase;

describe("createFirstAccount", () => {
  beforeAll(async () => {
    shared = await ready();
    fresh = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(fresh);
    useDatabase(fresh);
  });

  beforeEach(async () => {
    await fresh.pglite!.exec(`TRUNCATE "organizations", "users" CASCADE`);
    expect(await db().user.count()).toBe(0);
    expect(await db().organization.count()).toBe(0);
  });

  afterAll(async () => {
    useDatabase(shared);
    await fresh.close();
  });

  it("creates an organization, a domain and their Owner on an empty database", async () => {
    const account = await createFirstAccount("first@example.test");
    expect(account).toEqual({
      email: "first@example.test",
      password: expect.any(String),
      organizationName: "My organization",
      domainName: "Default",
    });
    const users = await db().user.findMany({ include: { orgMemberships: true, domainMemberships: true } });
    const organizations = await db().organization.findMany({ include: { domains: true } });
    expect(users).toHaveLength(1);
    expect(organizations).toHaveLength(1);
    const [user] = users;
    const [organization] = organizations;
    expect(user!.email).toBe("first@example.test");
    expect(user!.disabledAt).toBeNull();
    expect(organization!.name).toBe("My organization");
    expect(organization!.domains.map((domain) => domain.name)).toEqual(["Default"]);
    expect(user!.orgMemberships).toEqual([
      expect.objectContaining({ organizationId: organization!.id, role: "OWNER" }),
    ]);
    expect(user!.domainMemberships).toEqual([
      expect.objectContaining({ domainId: organization!.domains[0]!.id, role: "OWNER" }),
    ]);
  });

  it("prints a password that signs the Owner in, with the organization selected", async () => {
    const account = await createFirstAccount("owner@example.test");
    expect(account!.password.length).toBeGreaterThanOrEqual(16);
    const signedIn = await signInWithPassword("owner@example.test", account!.password);
    const organization = await db().organization.findFirstOrThrow();
    expect(signedIn).toMatchObject({ email: "owner@example.test", defaultOrgId: organization.id });
    expect(await signInWithPassword("owner@example.test", `${account!.password}x`)).toBeNull();
  });

  it("stores no password in clear", async () => {
    const account = await createFirstAccount("clear@example.test");
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM users`);
    expect(JSON.stringify(rows)).not.toContain(account!.password);
  });

  it("does nothing the second time", async () => {
    expect(await createFirstAccount("first@example.test")).not.toBeNull();
    expect(await createFirstAccount("second@example.test")).toBeNull();
    expect(await db().user.count()).toBe(1);
    expect(await db().organization.count()).toBe(1);
  });

  it("returns null when a user exists already", async () => {
    await createUser();
    expect(await createFirstAccount("first@example.test")).toBeNull();
    expect(await db().organization.count()).toBe(0);
    expect(await db().user.count()).toBe(1);
  });

  it("returns null when an organization exists already", async () => {
    await createOrganization();
    expect(await createFirstAccount("first@example.test")).toBeNull();
    expect(await db().user.count()).toBe(0);
  });

  it("creates one account when two starts race", async () => {
    const results = await Promise.all([
      createFirstAccount("first@example.test"),
      createFirstAccount("first@example.test"),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().user.count()).toBe(1);
    expect(await db().organization.count()).toBe(1);
  });
});

describe("the shared test database", () => {
  it("is back in place after the tests above", async () => {
    expect((await ready()) === shared).toBe(true);
    // Still open: the tests closed only their own databases.
    await expect(db().user.count()).resolves.toEqual(expect.any(Number));
  });
});
