import { createHash, randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** One AES-256 key and the id that names it inside every envelope it sealed. */
export type TVaultKey = { kid: string; key: Buffer };

/** The first key seals; every key opens (that is what makes rotation possible). */
export type TKeyring = { active: TVaultKey; keys: ReadonlyMap<string, Buffer> };

/** Where keys come from; the defaults are read from env.ts by vault.ts. */
export type TKeyringConfig = {
  vaultKeys?: string;
  dataDir: string;
  databaseUrl?: string;
  nodeEnv: "development" | "production" | "test";
};

export class VaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VaultError";
  }
}

const KID = /^[A-Za-z0-9_-]{1,32}$/;
export const KEY_FILE_NAME = "vault.key";

function decodeKey(kid: string, encoded: string): Buffer {
  const key = Buffer.from(encoded.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (key.length !== 32)
    throw new VaultError(`Vault key "${kid}" must be 32 bytes encoded in base64 (got ${key.length} bytes).`);
  return key;
}

/** Parses "kid:base64key[,kid:base64key...]"; the first entry becomes the sealing key. */
export function parseVaultKeys(value: string): TKeyring {
  const entries = value
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) throw new VaultError("No vault key given: expected kid:base64key entries.");
  const keys = new Map<string, Buffer>();
  let active: TVaultKey | undefined;
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const kid = entry.slice(0, colon);
    if (colon < 1 || !KID.test(kid))
      throw new VaultError(
        `Invalid vault key entry: expected kid:base64key with a kid of 1-32 letters, digits, _ or -.`,
      );
    if (keys.has(kid)) throw new VaultError(`Vault key id "${kid}" appears twice.`);
    const key = decodeKey(kid, entry.slice(colon + 1));
    keys.set(kid, key);
    active ??= { kid, key };
  }
  return { active: active!, keys };
}

/** A fresh key as one VAULT_KEYS entry; the kid is a fingerprint, so it never collides by accident. */
export function generateKeyEntry(): string {
  const key = randomBytes(32);
  const kid = `local-${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
  return `${kid}:${key.toString("base64")}`;
}

/**
 * Reads the key file, creating it first when missing. The new key is written to a temporary
 * file and hard-linked into place, so two processes starting together agree on
 * one key (the loser of the link race reads the winner's file) and nobody reads half a file.
 */
async function keyFromFile(dataDir: string): Promise<TKeyring> {
  const file = path.resolve(dataDir, KEY_FILE_NAME);
  try {
    return parseVaultKeys(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, `${generateKeyEntry()}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  return parseVaultKeys(await readFile(file, "utf8"));
}

async function existingKeyFile(dataDir: string): Promise<TKeyring | null> {
  try {
    return parseVaultKeys(await readFile(path.resolve(dataDir, KEY_FILE_NAME), "utf8"));
  } catch {
    return null;
  }
}

/**
 * The keyring for a configuration (docs/decisions.md, "Vault"):
 * - VAULT_KEYS set: those keys; a key file left in DATA_DIR by an earlier embedded start
 *   is added as an opening-only key, so switching to configured keys loses nothing.
 * - memory:// DATA_DIR (tests): one random key for the life of the process.
 * - DATABASE_URL in production without VAULT_KEYS: refused, because every process of a
 *   shared deployment must hold the same key and a generated file would differ per host.
 * - otherwise: a generated key in DATA_DIR/vault.key (mode 0600), reused on every start.
 */
export async function loadKeyring(config: TKeyringConfig): Promise<TKeyring> {
  const inMemory = config.dataDir.startsWith("memory://");
  if (config.vaultKeys) {
    const configured = parseVaultKeys(config.vaultKeys);
    const legacy = inMemory ? null : await existingKeyFile(config.dataDir);
    if (!legacy || configured.keys.has(legacy.active.kid)) return configured;
    return { active: configured.active, keys: new Map([...configured.keys, [legacy.active.kid, legacy.active.key]]) };
  }
  if (inMemory) return parseVaultKeys(generateKeyEntry());
  if (config.databaseUrl && config.nodeEnv === "production") {
    throw new VaultError(
      "VAULT_KEYS is required in production with DATABASE_URL: set it to kid:base64key (32 random bytes, e.g. `openssl rand -base64 32`) on every process of the deployment.",
    );
  }
  return keyFromFile(config.dataDir);
}
