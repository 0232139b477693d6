import { describe, expect, it } from "vitest";
import type { TPerson } from "../../../../test/agents-kit";
import { ZodError } from "zod";
import { consoleAs } from "../../../../test/console-kit";
import { addOrgMember, cookieHeaders, createOrganization, createUser } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { authenticateCookie, mintSessionCookie, SESSION_COOKIE } from "@/server/auth/session-cookie";
import { signInWithPassword } from "@/server/auth/sign-in";
import { db } from "@/server/db/client";
import { findAppError, validationError } from "@/server/errors";
import { changePassword } from "./change-password";

/** The envelope's error the console shows for a refused call (an input refusal as the 400 it answers). */
async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  const cause = (error as { cause?: unknown } | null)?.cause;
  const appError = findAppError(error) ?? (cause instanceof ZodError ? validationError(cause.issues) : null);
  return appError ? `${appError.code} ${appError.message}` : "OK";
}

const OLD = "the old password, long enough";
const NEW = "a brand new password, also long";

async function signedInPerson() {
  const organization = await createOrganization();
  const second = await createOrganization("Second");
  const user = await createUser({ password: OLD });
  await addOrgMember(organization.id, user.id, "MEMBER");
  await addOrgMember(second.id, user.id, "ADMIN");
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: organization.id,
    orgRole: "MEMBER",
    via: "cookie",
    credentialId: null,
  };
  return { user, organization, second, console: await consoleAs({ actor } as TPerson) };
}

describe("changing your own password", () => {
  it("needs the current password: a wrong one is refused with a sentence for its field, and nothing changes", async () => {
    const { user, console } = await signedInPerson();
    const error = await console.passwords
      .changePassword({ currentPassword: "not my password at all", newPassword: NEW })
      .catch((caught: unknown) => caught);
    expect(findAppError(error)?.toEnvelope().error).toEqual({
      code: "VALIDATION",
      message: "Your current password is not correct.",
      details: { issues: [{ path: "currentPassword", message: "Your current password is not correct." }] },
    });
    expect(await signInWithPassword(user.email, OLD)).not.toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordChangedAt).toBeNull();
  }, 90_000); // the file's first scrypt hashes and database: slow on a busy machine

  it("refuses a new password that is too short, too long or the same as the current one", async () => {
    const { user, console } = await signedInPerson();
    expect(await refusalOf(console.passwords.changePassword({ currentPassword: OLD, newPassword: "short" }))).toBe(
      "VALIDATION Invalid request: newPassword: must be at least 12 characters.",
    );
    expect(
      await refusalOf(console.passwords.changePassword({ currentPassword: OLD, newPassword: "x".repeat(201) })),
    ).toBe("VALIDATION Invalid request: newPassword: must be at most 200 characters.");
    expect(await refusalOf(console.passwords.changePassword({ currentPassword: OLD, newPassword: OLD }))).toBe(
      "VALIDATION Invalid request: newPassword: must differ from your current password.",
    );
    expect(await refusalOf(console.passwords.changePassword({ currentPassword: "", newPassword: NEW }))).toBe(
      "VALIDATION Invalid request: currentPassword: Enter your current password.",
    );
    expect(await signInWithPassword(user.email, OLD)).not.toBeNull();
  });

  it("sets the new password: the old one no longer signs in", async () => {
    const { user, console } = await signedInPerson();
    const { passwordChangedAt } = await console.passwords.changePassword({ currentPassword: OLD, newPassword: NEW });
    expect(await signInWithPassword(user.email, OLD)).toBeNull();
    expect((await signInWithPassword(user.email, NEW))?.id).toBe(user.id);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordChangedAt?.toISOString()).toBe(passwordChangedAt);
    expect(stored.passwordHash).not.toContain(NEW);
  });

  it("signs out every console session signed in before; a session signed in with the new password works", async () => {
    const { user, organization, second } = await signedInPerson();
    const elsewhere = await cookieHeaders(user.id, second.id);
    const here = await cookieHeaders(user.id, organization.id);
    expect(await authenticateCookie(elsewhere)).not.toBeNull();
    const { passwordChangedAt } = await changePassword(user.id, { currentPassword: OLD, newPassword: NEW });
    expect(await authenticateCookie(elsewhere)).toBeNull();
    expect(await authenticateCookie(here)).toBeNull();
    // What the account page does next: signs this browser in again (next-auth stamps authAt now).
    const again = await mintSessionCookie({
      sub: user.id,
      orgId: organization.id,
      authAt: Date.parse(passwordChangedAt),
    });
    const session = await authenticateCookie(new Headers({ cookie: `${SESSION_COOKIE}=${again}` }));
    expect(session?.actor?.orgId).toBe(organization.id);
  });

  it("is recorded in every organization the person belongs to, never with the password", async () => {
    const { user, organization, second } = await signedInPerson();
    await changePassword(user.id, { currentPassword: OLD, newPassword: NEW });
    const entries = await db().auditEntry.findMany({
      where: { subjectId: user.id, kind: "member.password_changed" },
      orderBy: { organizationId: "asc" },
    });
    expect(entries.map((entry) => entry.organizationId).sort()).toEqual([organization.id, second.id].sort());
    expect(entries[0]).toMatchObject({ actorUserId: user.id, actorLabel: `${user.name} <${user.email}>` });
    expect(JSON.stringify(entries)).not.toContain(NEW);
  });

  it("ends the person's unused reset links", async () => {
    const { user } = await signedInPerson();
    const later = new Date(Date.now() + 3_600_000);
    await db().passwordReset.create({
      data: {
        userId: user.id,
        prefix: `p${crypto.randomUUID().slice(0, 11)}`,
        secretHash: "0".repeat(64),
        expiresAt: later,
      },
    });
    await changePassword(user.id, { currentPassword: OLD, newPassword: NEW });
    const links = await db().passwordReset.findMany({ where: { userId: user.id } });
    expect(links.every((link) => link.expiresAt.getTime() <= Date.now())).toBe(true);
  });
});

describe("your name", () => {
  it("is renamed for every page at once; a blank name is refused", async () => {
    const { user, console } = await signedInPerson();
    expect(await console.passwords.renameSelf({ name: "  Ada Lovelace " })).toEqual({ name: "Ada Lovelace" });
    expect((await authenticateCookie(await cookieHeaders(user.id, null)))?.name).toBe("Ada Lovelace");
    expect(await refusalOf(console.passwords.renameSelf({ name: "   " }))).toBe(
      "VALIDATION Invalid request: name: must not be blank.",
    );
  });
});
