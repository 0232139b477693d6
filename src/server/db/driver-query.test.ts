import { describe, expect, it } from "vitest";
import { db, queryRows, ready } from "./client";
import { Prisma } from "./generated/client";

const onPostgres = process.env.TEST_DB?.startsWith("postgres") ?? false;

// Every kind of value a hot statement returns or takes, with the awkward cases: NULLs inside
// arrays, a `timestamp` whose UTC digits must survive any time zone, numbers past 2^53.
const at = new Date("2026-03-29T01:30:00.123Z");
const everyType = Prisma.sql`SELECT
  ${at}::timestamp(3) AS stamp, ${at}::timestamptz AS stamp_tz, ${at}::date AS day,
  ARRAY[${at}::timestamp(3), NULL] AS stamps, 9007199254740993::int8 AS big, ARRAY[1, NULL, 9007199254740993]::int8[] AS bigs,
  count(*) AS counted, 12.50::numeric AS exact, ARRAY[1.5, NULL]::numeric[] AS exacts,
  42 AS small, 1.25::float8 AS real, true AS yes, NULL::text AS nothing, 'text' AS text,
  gen_random_uuid() IS NOT NULL AS has_uuid, '00000000-0000-4000-8000-000000000001'::uuid AS id, ARRAY['a', NULL, 'c'] AS texts,
  '{"a":[1,{"b":null}]}'::jsonb AS doc, ARRAY['{"x":1}'::jsonb] AS docs, 'QUEUED'::"TurnStatus" AS status,
  ${[at, at]}::timestamp(3)[] AS stamp_params, ${BigInt("9007199254740993")}::int8 AS big_param, ${["x", null]}::text[] AS text_params,
  ${JSON.stringify({ k: "v" })}::jsonb AS doc_param, ${null}::uuid AS null_param
  FROM (VALUES (1), (2)) AS two(n)`;

describe("the driver path for hot statements", () => {
  it.skipIf(!onPostgres)(
    "answers a raw statement with the values Prisma's $queryRaw gives, in any time zone",
    async () => {
      const { driverQuery } = await ready();
      const zone = process.env.TZ;
      // Node reads TZ when it changes: dates are parsed here as a process far from UTC would.
      process.env.TZ = "America/Sao_Paulo";
      let viaDriver: unknown[];
      try {
        const viaPrisma = await db().$queryRaw<unknown[]>(everyType);
        viaDriver = await driverQuery!(everyType);
        expect(viaDriver).toEqual(viaPrisma);
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
      const [row] = viaDriver as Array<Record<string, unknown>>;
      expect(row!.stamp).toEqual(at);
      expect(row!.big).toBe(9007199254740993n);
      expect(row!.counted).toBe(2n);
      expect(String(row!.exact)).toBe("12.5");
    },
  );

  it.skipIf(!onPostgres)(
    "runs on the driver only outside a transaction, and a statement's rows are the same either way",
    async () => {
      const database = await ready();
      const { driverQuery } = database;
      const seen: string[] = [];
      database.driverQuery = async (query) => {
        seen.push(query.text);
        return driverQuery!(query);
      };
      try {
        const outside = await queryRows<{ one: number }>(db(), Prisma.sql`SELECT 1 AS one`);
        const inside = await db().$transaction((tx) => queryRows<{ one: number }>(tx, Prisma.sql`SELECT 1 AS one`));
        expect(outside).toEqual([{ one: 1 }]);
        expect(inside).toEqual(outside);
        expect(seen).toEqual(["SELECT 1 AS one"]);
      } finally {
        database.driverQuery = driverQuery;
      }
    },
  );

  it.skipIf(onPostgres)("is not used on PGlite: every statement goes through Prisma", async () => {
    const database = await ready();
    expect(database.driverQuery).toBeUndefined();
    expect(await queryRows<{ one: number }>(db(), Prisma.sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
