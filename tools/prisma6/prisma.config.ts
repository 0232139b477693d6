// Prisma 6 with its WASM ("js") schema engine on an in-memory PGlite: the only way to diff
// migrations offline. Used by scripts/migration-*.sh, never by the app.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

type TPGliteLike = { exec(sql: string): Promise<Array<{ rows: unknown[]; fields: unknown[]; affectedRows?: number }>> };
type TAdapterLike = {
  client: TPGliteLike;
  executeScript(script: string): Promise<void>;
  performIO(query: { sql: string; args: unknown[] }): Promise<unknown>;
};

// pglite-prisma-adapter 0.6.1 does not await executeScript and prepares every statement;
// migrations are multi-statement scripts, so run those through PGlite's exec.
function patched<T>(adapter: T): T {
  const target = adapter as unknown as TAdapterLike;
  const prepared = target.performIO.bind(target);
  target.executeScript = async (script) => {
    await target.client.exec(script);
  };
  target.performIO = async (query) => {
    if (query.args.length === 0 && /;\s*\S/.test(query.sql.trim())) {
      const results = await target.client.exec(query.sql);
      return results.at(-1) ?? { rows: [], fields: [] };
    }
    return prepared(query);
  };
  return adapter;
}

class PatchedPGliteFactory extends PrismaPGlite {
  override async connect() {
    return patched(await super.connect());
  }
  override async connectToShadowDb() {
    return patched(await super.connectToShadowDb());
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: process.env.PRISMA6_SCHEMA,
  async adapter() {
    return new PatchedPGliteFactory(new PGlite());
  },
});
