import { defineConfig } from "prisma/config";

// Used by `prisma generate` only: migrations are applied by the app's own migrator
// (src/server/db/migrate.ts) and written with the offline Prisma 6 tool (tools/prisma6).
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
});
