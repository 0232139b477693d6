import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateKeyEntry, KEY_FILE_NAME, loadKeyring, parseVaultKeys } from "./keyring";
import { createVault, open, seal, VaultError } from "./vault";

const ringOf = (...entries: string[]) => parseVaultKeys(entries.join(","));

function flipCharAt(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("vault envelopes", () => {
  const old = generateKeyEntry();
  const vault = createVault(ringOf(old));

  it("round-trips text, including empty and non-ASCII secrets", async () => {
    for (const secret of ["", "sk_live_123", "päss wörd ✓ 🔑", "x".repeat(10_000)]) {
      const sealed = await vault.seal(secret);
      expect(sealed).toMatch(/^v1\.local-[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]*$/);
      expect(sealed).not.toContain(secret || "\u0000");
      expect(await vault.open(sealed)).toBe(secret);
    }
  });

  it("uses a fresh IV for every seal", async () => {
    expect(await vault.seal("same")).not.toBe(await vault.seal("same"));
  });

  it("detects tampering with the ciphertext, the tag, the IV or the key id", async () => {
    const sealed = await vault.seal('{"token":"abc"}');
    for (const part of [2, 3, 4]) await expect(vault.open(flipCharAt(sealed, part))).rejects.toBeInstanceOf(VaultError);
    await expect(vault.open(sealed.replace(/^v1\.[^.]+/, "v1.other"))).rejects.toThrow(/not configured/);
    await expect(vault.open("not an envelope")).rejects.toBeInstanceOf(VaultError);
    await expect(vault.open(sealed.slice(0, -2))).rejects.toBeInstanceOf(VaultError);
  });

  it("rotates: old envelopes open after a new key is put first, new seals use the new kid", async () => {
    const fresh = generateKeyEntry();
    const sealedOld = await vault.seal("rotate me");
    const rotated = createVault(ringOf(fresh, old));
    expect(await rotated.open(sealedOld)).toBe("rotate me");
    expect(await rotated.needsReseal(sealedOld)).toBe(true);
    const resealed = await rotated.rotate(sealedOld);
    expect(resealed.split(".")[1]).toBe(fresh.split(":")[0]);
    expect(await rotated.needsReseal(resealed)).toBe(false);
    expect(await rotated.rotate(resealed)).toBe(resealed);
    expect(await rotated.open(resealed)).toBe("rotate me");
    const sealedNew = await rotated.seal("new");
    expect(sealedNew.split(".")[1]).toBe(fresh.split(":")[0]);
    // Once the old key is retired, only envelopes sealed under it stop opening.
    const retired = createVault(ringOf(fresh));
    await expect(retired.open(sealedOld)).rejects.toThrow(/not configured/);
    expect(await retired.open(resealed)).toBe("rotate me");
  });

  it("fails with a different key under the same id", async () => {
    const kid = old.split(":")[0]!;
    const impostor = createVault(ringOf(`${kid}:${generateKeyEntry().split(":")[1]}`));
    await expect(impostor.open(await vault.seal("secret"))).rejects.toThrow(/integrity check/);
  });

  it("rejects malformed key configuration", () => {
    expect(() => parseVaultKeys("k1:c2hvcnQ=")).toThrow(/32 bytes/);
    expect(() => parseVaultKeys("no-colon")).toThrow(VaultError);
    const entry = generateKeyEntry().split(":")[1]!;
    expect(() => parseVaultKeys(`a:${entry},a:${entry}`)).toThrow(/twice/);
    expect(parseVaultKeys(`a:${entry}, b:${Buffer.from(entry, "base64").toString("base64url")}`).keys.size).toBe(2);
  });

  it("serves the process vault from the configuration (seal/open exports)", async () => {
    expect(await open(await seal("configured"))).toBe("configured");
  });
});

describe("vault keyring sources", () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "vault-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("generates a key file once (mode 0600) and reuses it, also under concurrent starts", async () => {
    const dataDir = path.join(await tempDir(), "nested");
    const rings = await Promise.all([1, 2, 3, 4].map(() => loadKeyring({ dataDir, nodeEnv: "development" })));
    const kids = new Set(rings.map((ring) => ring.active.kid));
    expect(kids.size).toBe(1);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadKeyring({ dataDir, nodeEnv: "development" });
    expect(again.active.key.equals(rings[0]!.active.key)).toBe(true);
    expect(await readFile(file, "utf8")).toMatch(/^local-[0-9a-f]{8}:/);
  });

  it("keeps a process-local key for memory:// data folders", async () => {
    const a = await loadKeyring({ dataDir: "memory://", nodeEnv: "test" });
    const b = await loadKeyring({ dataDir: "memory://", nodeEnv: "test" });
    expect(a.active.key.equals(b.active.key)).toBe(false);
  });

  it("uses a key file with DATABASE_URL in development and test, and refuses in production", async () => {
    const dataDir = await tempDir();
    const databaseUrl = "postgresql://db.example/app";
    expect((await loadKeyring({ dataDir, databaseUrl, nodeEnv: "test" })).active.kid).toMatch(/^local-/);
    await expect(loadKeyring({ dataDir, databaseUrl, nodeEnv: "production" })).rejects.toThrow(
      /VAULT_KEYS is required in production/,
    );
    const configured = generateKeyEntry();
    const ring = await loadKeyring({ dataDir, databaseUrl, nodeEnv: "production", vaultKeys: configured });
    expect(ring.active.kid).toBe(configured.split(":")[0]);
  });

  it("keeps opening secrets of an earlier key file after VAULT_KEYS is configured", async () => {
    const dataDir = await tempDir();
    const before = createVault(await loadKeyring({ dataDir, nodeEnv: "development" }));
    const sealed = await before.seal("embedded era");
    const after = createVault(await loadKeyring({ dataDir, nodeEnv: "development", vaultKeys: generateKeyEntry() }));
    expect(await after.open(sealed)).toBe("embedded era");
    expect(await after.needsReseal(sealed)).toBe(true);
  });
});
