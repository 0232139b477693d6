import pg from "pg";
import { Prisma } from "./generated/client";
import type { TStatementNamer } from "./statement-names";

/** Runs one raw statement on PostgreSQL's pool itself, outside any transaction. */
export type TDriverQuery = <T>(query: Prisma.Sql) => Promise<T[]>;

const getTypeParser = pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => (text: string) => unknown;
const parseTextArray = getTypeParser(1009) as (text: string) => (string | null)[];
const eachOf = (parse: (text: string) => unknown) => (text: string) =>
  parseTextArray(text).map((one) => (one === null ? null : parse(one)));

// A `timestamp` is written and read as UTC digits (as Prisma does); pg's own parser would read
// it in the process's time zone.
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const utcDate = (text: string) => new Date(`${text}T00:00:00Z`);
const decimal = (text: string) => new Prisma.Decimal(text);

// The types Prisma's $queryRaw returns differently from pg's defaults (docs/decisions.md): a
// statement moved to the driver answers its callers with the same values.
const PARSERS: Record<number, (text: string) => unknown> = {
  20: BigInt,
  1016: eachOf(BigInt),
  1700: decimal,
  1231: eachOf(decimal),
  1114: utcTimestamp,
  1115: eachOf(utcTimestamp),
  1082: utcDate,
  1182: eachOf(utcDate),
};

const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    (format !== "binary" && PARSERS[oid]) || getTypeParser(oid, format),
} as unknown as pg.CustomTypesConfig;

/** A parameter as Prisma sends it: instants as ISO text (UTC digits), big and exact numbers as text. */
function toParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint" || Prisma.Decimal.isDecimal(value)) return String(value);
  if (Array.isArray(value)) return value.map(toParameter);
  return value;
}

/**
 * The driver path for hot statements on PostgreSQL: the same statement Prisma's $queryRaw would
 * run (same text, same prepared-statement name, same result types), without Prisma's query
 * engine in between: 80-105 µs of CPU a statement through it, 35-40 on the driver
 * (bench/driver-query.ts, docs/benchmarks.md). Only for work outside a transaction: Prisma's
 * transactions hold their own connection.
 */
export function driverQuery(pool: pg.Pool, nameOf: TStatementNamer): TDriverQuery {
  return async <T>(query: Prisma.Sql) => {
    const text = query.text;
    const result = await pool.query({
      name: nameOf({ sql: text }),
      text,
      values: query.values.map(toParameter),
      types,
    });
    return result.rows as T[];
  };
}
