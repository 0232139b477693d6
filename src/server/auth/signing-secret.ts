import { randomBytes } from "node:crypto";
import { db } from "@/server/db/client";
import { env } from "@/server/env";

const SETTING_KEY = "auth_signing_secret";
let cached: string | undefined;

/**
 * The secret that signs the service_session cookie. Configured with AUTH_SECRET; otherwise
 * generated once and kept in the database, so every process and the fixtures command that
 * share the database agree on it without any setup.
 */
export async function signingSecret(): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (cached) return cached;
  const prisma = db();
  // ON CONFLICT DO NOTHING: when two processes start together, the first insert wins.
  await prisma.instanceSetting.createMany({
    data: [{ key: SETTING_KEY, value: randomBytes(32).toString("base64url") }],
    skipDuplicates: true,
  });
  const row = await prisma.instanceSetting.findUniqueOrThrow({ where: { key: SETTING_KEY } });
  cached = row.value;
  return cached;
}
