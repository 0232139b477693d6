import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";

describe("rate limit counters", () => {
  // PGlite keeps its counters in memory (limiters.ts), so the table matters on PostgreSQL only.
  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))(
    "live in an unlogged table: counting writes no WAL and waits for no flush",
    async () => {
      const [table] = await db().$queryRaw<
        Array<{ persistence: string }>
      >`SELECT relpersistence::text AS persistence FROM pg_class WHERE relname = 'rate_limits' AND relkind = 'r'`;
      expect(table?.persistence).toBe("u");
    },
  );
});
