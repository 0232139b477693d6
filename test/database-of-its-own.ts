import { afterAll, inject } from "vitest";
import { openDatabase, useDatabase } from "../src/server/db/client";

/**
 * For a test file that watches the whole database, such as the fuzz's "a refused request
 * changes nothing in any table": files run side by side and share the run's PostgreSQL
 * database, so another file's writes would show up as this file's. Call it before the file's
 * first query. On PostgreSQL it switches the file to the run's second database; a PGlite file
 * has an in-memory database of its own already. One file may use it: two would see each other
 * (the global setup would then need one database per such file).
 */
export function useDatabaseOfItsOwn(): void {
  const url = inject("databaseOfItsOwnUrl");
  if (!url) return;
  const database = openDatabase({ url });
  useDatabase(database);
  afterAll(async () => {
    await database.close();
  });
}
