import { describe, expect, it } from "vitest";
import { openDatabase, ready } from "./client";
import { statementNamer } from "./statement-names";

const onPostgres = Boolean(process.env.TEST_DB?.startsWith("postgres"));

describe("statement names", () => {
  it("names a statement from its second run on, with one name per text", () => {
    const name = statementNamer(10);
    expect(name({ sql: "SELECT 1" })).toBeUndefined();
    const second = name({ sql: "SELECT 1" });
    expect(second).toMatch(/^s_[0-9a-f]{40}$/);
    expect(name({ sql: "SELECT 1" })).toBe(second);
    expect(statementNamer(10)({ sql: "SELECT 1" }) ?? "").not.toBe(second);
    name({ sql: "SELECT 2" });
    expect(name({ sql: "SELECT 2" })).not.toBe(second);
  });

  it("names at most `limit` texts, and none with 0", () => {
    const name = statementNamer(2);
    const named = ["SELECT 1", "SELECT 2", "SELECT 3"].map((sql) => (name({ sql }), name({ sql })));
    expect(named.filter(Boolean)).toHaveLength(2);
    expect(named[2]).toBeUndefined();
    const off = statementNamer(0);
    expect([off({ sql: "SELECT 1" }), off({ sql: "SELECT 1" })]).toEqual([undefined, undefined]);
  });

  it.skipIf(!onPostgres)(
    "prepares a repeated Prisma statement once per connection, and answers as before",
    async () => {
      const { connectionString } = await ready();
      const database = openDatabase({ url: connectionString!, statementCache: 50 });
      try {
        // One transaction is one connection: what it prepared is in its pg_prepared_statements.
        const { prepared, answers } = await database.prisma.$transaction(async (tx) => {
          const answers = [];
          for (let run = 0; run < 3; run++)
            answers.push(
              await tx.organization.findMany({ where: { name: `no such organization ${run}` }, select: { id: true } }),
            );
          const prepared = await tx.$queryRaw<
            Array<{ statement: string }>
          >`SELECT statement FROM pg_prepared_statements WHERE name LIKE 's\\_%'`;
          return { prepared, answers };
        });
        expect(answers).toEqual([[], [], []]);
        expect(prepared.filter((row) => row.statement.includes('"organizations"'))).toHaveLength(1);
      } finally {
        await database.close();
      }
    },
  );
});
