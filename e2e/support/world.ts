import { readFileSync } from "node:fs";
import path from "node:path";
import type { TFixtureWorld } from "../../src/server/services/fixtures/world-types";

/** Where the run's fixture world is written (see ../shared/FIXTURES.md for the keys). */
export const WORLD_FILE = path.join(process.cwd(), "e2e", ".fixture-world.json");

export type TWorldUser = TFixtureWorld["orgs"]["acme"]["users"]["owner"];

/** The document `npm run fixtures` prints (the server's own type, so the two cannot drift). */
export type TWorld = TFixtureWorld;

let cached: TWorld | undefined;

export function world(): TWorld {
  cached ??= JSON.parse(readFileSync(WORLD_FILE, "utf8")) as TWorld;
  return cached;
}

/** A Cookie header carrying a user's service_session. */
export function cookieHeader(user: TWorldUser): Record<string, string> {
  return { cookie: `service_session=${user.cookie}` };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
