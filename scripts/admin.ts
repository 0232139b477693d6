// `npm run admin -- <command>`: the operator's commands, run beside the service on its database.
//   help                      lists the commands
//   reset-password <email>    prints a single-use reset link (valid one hour) for an account
// On the embedded database (DATA_DIR) the service must be stopped first: one process owns a PGlite folder.
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/env";

const HELP = `Usage: npm run admin -- <command>

Commands:
  reset-password <email>   Print a link that sets a new password for the account with this email.
                           The link works once, for one hour; every session of the account ends
                           when it is used. Use it when nobody can sign in to reset it for you.
  help                     Show this list.

Database: DATABASE_URL when set (PostgreSQL), else the embedded database in DATA_DIR (default ./.data),
which only one process may open: stop the service (npm start) before running a command on it.
Links start with PUBLIC_BASE_URL (or NEXTAUTH_URL, or http://127.0.0.1:PORT).
`;

class ExitError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The embedded folder, refused while another process (the service) has it open. */
function embeddedFolder(force: boolean): string {
  const folder = path.resolve(env.DATA_DIR, "pglite");
  if (!existsSync(path.join(folder, "PG_VERSION"))) {
    throw new ExitError(
      `No embedded database in ${path.resolve(env.DATA_DIR)}: set DATA_DIR to the folder the service uses (or DATABASE_URL for PostgreSQL).`,
      1,
    );
  }
  // PGlite writes postmaster.pid while a process has the folder open and removes it when it closes.
  if (!force && existsSync(path.join(folder, "postmaster.pid"))) {
    throw new ExitError(
      [
        `The embedded database in ${path.resolve(env.DATA_DIR)} is open in another process: the service holds it while it runs.`,
        "Stop the service (Ctrl+C where npm start runs), run this command again, then start the service.",
        "If the service is already stopped (it was killed and did not close the database), add --force.",
      ].join("\n"),
      2,
    );
  }
  return folder;
}

async function resetPassword(email: string | undefined, force: boolean): Promise<void> {
  if (!email) throw new ExitError("Name the account: npm run admin -- reset-password <email>", 1);
  if (!env.DATABASE_URL) embeddedFolder(force);
  const { migrateDatabase, openDatabase, useDatabase } = await import("@/server/db/client");
  const { findAppError } = await import("@/server/errors");
  const { issueResetForEmail } = await import("@/server/services/passwords/issue-reset-for-email");
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    useDatabase(database);
    const issued = await issueResetForEmail(email).catch((error: unknown) => {
      const appError = findAppError(error);
      throw appError ? new ExitError(appError.message, 1) : error;
    });
    process.stdout.write(
      [
        `Password reset link for ${issued.email} (works once, until ${issued.expiresAt.toISOString()}):`,
        "",
        `  ${issued.link}`,
        "",
        "Open it in a browser and choose a new password; every session of the account then ends.",
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<void> {
  const force = args.includes("--force");
  const [command, ...rest] = args.filter((arg) => arg !== "--force");
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(HELP);
      return;
    case "reset-password":
      return resetPassword(rest[0], force);
    default:
      throw new ExitError(`Unknown command "${command}".\n\n${HELP}`, 1);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof ExitError ? error.code : 1);
  },
);
