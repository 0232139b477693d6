import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/server/env";
import { loadKeyring, type TKeyring, VaultError } from "./keyring";

export { VaultError } from "./keyring";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TVault = {
  /** AES-256-GCM under the active key: "v1.<kid>.<iv>.<tag>.<ciphertext>", base64url parts. */
  seal(plaintext: string): Promise<string>;
  /** Opens an envelope sealed under any key of the ring; throws VaultError if it was altered. */
  open(sealed: string): Promise<string>;
  /** True when the envelope was sealed under a key other than the active one. */
  needsReseal(sealed: string): Promise<boolean>;
  /** Re-seals under the active key (unchanged when it already is). */
  rotate(sealed: string): Promise<string>;
};

type TEnvelope = { kid: string; iv: Buffer; tag: Buffer; ciphertext: Buffer };

function parseEnvelope(sealed: string): TEnvelope {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new VaultError("Not a vault envelope.");
  const [, kid, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const envelope = {
    kid,
    iv: Buffer.from(iv, "base64url"),
    tag: Buffer.from(tag, "base64url"),
    ciphertext: Buffer.from(ciphertext, "base64url"),
  };
  if (envelope.iv.length !== IV_BYTES || envelope.tag.length !== TAG_BYTES)
    throw new VaultError("Not a vault envelope.");
  return envelope;
}

// The version and key id are bound as associated data, so neither can be swapped unnoticed.
const associatedData = (kid: string) => Buffer.from(`${VERSION}.${kid}`, "utf8");

/** A vault over a given keyring (tests build their own; the service uses `vault()`). */
export function createVault(keyring: TKeyring | (() => Promise<TKeyring>)): TVault {
  const ring = typeof keyring === "function" ? keyring : async () => keyring;

  const seal = async (plaintext: string) => {
    const { active } = await ring();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", active.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(active.kid));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      VERSION,
      active.kid,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      ciphertext.toString("base64url"),
    ].join(".");
  };

  const open = async (sealed: string) => {
    const envelope = parseEnvelope(sealed);
    const key = (await ring()).keys.get(envelope.kid);
    if (!key)
      throw new VaultError(
        `The secret was sealed with vault key "${envelope.kid}", which is not configured (VAULT_KEYS).`,
      );
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, envelope.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(envelope.kid));
      decipher.setAuthTag(envelope.tag);
      return Buffer.concat([decipher.update(envelope.ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new VaultError(
        "The sealed secret failed its integrity check (altered, truncated or sealed with a different key).",
      );
    }
  };

  const needsReseal = async (sealed: string) => parseEnvelope(sealed).kid !== (await ring()).active.kid;

  const rotate = async (sealed: string) => ((await needsReseal(sealed)) ? seal(await open(sealed)) : sealed);

  return { seal, open, needsReseal, rotate };
}

let processKeyring: Promise<TKeyring> | undefined;

/** The configured keyring, loaded at first use (so a missing production key fails loudly there). */
function configuredKeyring(): Promise<TKeyring> {
  processKeyring ??= loadKeyring({
    vaultKeys: env.VAULT_KEYS,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    nodeEnv: env.NODE_ENV,
  }).catch((error: unknown) => {
    // A failed load is retried on the next use instead of being remembered forever.
    processKeyring = undefined;
    throw error;
  });
  return processKeyring;
}

const serviceVault = createVault(configuredKeyring);

export const seal = serviceVault.seal;
export const open = serviceVault.open;
export const needsReseal = serviceVault.needsReseal;
export const rotate = serviceVault.rotate;
