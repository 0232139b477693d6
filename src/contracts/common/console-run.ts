import { z } from "zod";

/** What a console run body carrying `callerCredentials` is told (spec 5 rule 7). */
export const CONSOLE_REFUSES_CALLER_CREDENTIALS =
  "The console never takes caller credentials: remove callerCredentials. Runs from the console use the organization's connections.";

/**
 * The body of a console run by hand (Run, Test run, Fire now): strict, so unknown keys are
 * refused, and `callerCredentials` in particular with a sentence saying why.
 */
export function consoleRunRequest<TShape extends z.ZodRawShape>(shape: TShape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" && issue.keys.includes("callerCredentials")
        ? CONSOLE_REFUSES_CALLER_CREDENTIALS
        : undefined,
  });
}
