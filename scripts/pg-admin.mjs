// `node scripts/pg-admin.mjs check | create <name> | drop <name>`: what the test scripts ask of the
// PostgreSQL server named by PG_ADMIN_URL, through the project's own driver, so `npm test`
// needs no psql client. `check` explains, in one line, what to do when the server is not there.
import pg from "pg";

const [command, name] = process.argv.slice(2);
const adminUrl = process.env.PG_ADMIN_URL;
if (!adminUrl) throw new Error("PG_ADMIN_URL is not set (scripts/ensure-services.sh sets it)");

/** The URL as a person may see it: the password never reaches a log. */
function shown(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

const quoted = (identifier) => `"${identifier.replaceAll('"', '""')}"`;
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
try {
  await client.connect();
} catch (error) {
  console.error(
    `PostgreSQL is not reachable at ${shown(adminUrl)} (${error.code ?? error.message}). ` +
      "Start it, or set PG_ADMIN_URL (or TEST_DATABASE_URL) to a server where this user may create databases.",
  );
  process.exit(1);
}
try {
  if (command === "check") {
    const { rows } = await client.query(
      "SELECT rolcreatedb OR rolsuper AS may FROM pg_roles WHERE rolname = current_user",
    );
    if (!rows[0]?.may) {
      console.error(
        `The user of ${shown(adminUrl)} may not create databases; the suite creates its own. Grant CREATEDB.`,
      );
      process.exit(1);
    }
  } else if (command === "create" && name) {
    await client.query(`CREATE DATABASE ${quoted(name)}`);
  } else if (command === "drop" && name) {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  } else {
    console.error("usage: node scripts/pg-admin.mjs check | create <name> | drop <name>");
    process.exit(2);
  }
} finally {
  await client.end();
}
