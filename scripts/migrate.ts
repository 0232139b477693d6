// `npm run migrate`: applies pending migrations to the configured database and exits.
// The service does this itself at start; this is for deploy pipelines that migrate first.
import { migrateDatabase, openDatabase } from "@/server/db/client";
import { env } from "@/server/env";

const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const applied = await migrateDatabase(database);
  process.stdout.write(applied.length ? `Applied ${applied.join(", ")}\n` : "Database is up to date\n");
} finally {
  await database.close();
}
