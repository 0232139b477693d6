import { env } from "@/server/env";
import { currentRequestId } from "@/server/request-id";

type TLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<TLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Keys whose values are secrets; they are masked wherever they appear in a log record.
const SECRET_KEY = /(password|secret|token|authorization|cookie|apikey|api_key|credential)/i;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== "object") {
    return typeof value === "string" ? value.replace(/\byk[upt]?_[0-9A-Za-z]{8,}/g, "yk*_[redacted]") : value;
  }
  if (value instanceof Error) return { name: value.name, message: scrub(value.message, depth + 1), stack: value.stack };
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? "[redacted]" : scrub(item, depth + 1)]),
  );
}

function write(level: TLevel, message: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < ORDER[env.LOG_LEVEL]) return;
  const requestId = currentRequestId();
  const record = {
    level,
    time: new Date().toISOString(),
    msg: message,
    ...(requestId ? { requestId } : {}),
    ...(fields ? (scrub(fields) as object) : {}),
  };
  process.stderr.write(`${JSON.stringify(record)}\n`);
}

/** Structured logs on stderr, with secrets masked by key name and by token shape. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
