import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses any other", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("stores a salted scrypt hash that does not contain the password", async () => {
    const first = await hashPassword("s3cret-password");
    const second = await hashPassword("s3cret-password");
    expect(first).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(first).not.toContain("s3cret-password");
    expect(first).not.toBe(second);
    expect(await verifyPassword("s3cret-password", second)).toBe(true);
  });

  it("verifies unicode passwords byte for byte", async () => {
    const stored = await hashPassword("pässwörd ✓");
    expect(await verifyPassword("pässwörd ✓", stored)).toBe(true);
    expect(await verifyPassword("passwort ✓", stored)).toBe(false);
  });

  it("refuses stored values that are not a scrypt hash", async () => {
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$10$abc$def")).toBe(false);
  });

  it("generates distinct, URL-safe passwords of useful length", () => {
    const passwords = Array.from({ length: 50 }, generatePassword);
    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
