import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Whether an Authorization header carries METRICS_TOKEN as a bearer. Compared as SHA-256
 * digests in constant time, so neither the length nor a prefix of the token leaks through
 * timing. False whenever no token is configured: metrics are never public.
 */
export function metricsAccessAllowed(authorization: string | null): boolean {
  const token = env.METRICS_TOKEN;
  if (!token || !authorization) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}
