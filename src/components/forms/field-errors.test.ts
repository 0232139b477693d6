import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formErrorsOf, formErrorsOfProblems, formErrorsOfZod, humanizeMessage } from "./field-errors";

const LABELS = { name: "Name", cron: "Cron", timezone: "Time zone", city: "City" };

/** A refusal as the console's tRPC client receives it. */
function refusal(appError: { code: string; message: string; details?: Record<string, unknown> }) {
  return new TRPCClientError(appError.message, { result: { error: { data: { appError } } } } as never);
}

describe("form errors", () => {
  it("puts every issue of one refusal under its own field, without machine prefixes", () => {
    const errors = formErrorsOf(
      refusal({
        code: "VALIDATION",
        message: 'Invalid request: cron: "61 * * * *" is not a valid cron expression (and 1 more problem).',
        details: {
          issues: [
            { path: "cron", message: '"61 * * * *" is not a valid cron expression.' },
            { path: "timezone", message: '"Mars/Olympus" is not an IANA time zone.' },
            { path: "owner", message: "No such person." },
          ],
        },
      }),
      LABELS,
    );
    expect(errors.fields).toEqual({
      cron: '"61 * * * *" is not a valid cron expression.',
      timezone: '"Mars/Olympus" is not an IANA time zone.',
    });
    expect(errors.form).toEqual(["No such person."]);
  });

  it("reads a single-field refusal (details.field) and strips its prefix", () => {
    const errors = formErrorsOf(
      refusal({ code: "VALIDATION", message: 'cron: "* *" has 2 field(s).', details: { field: "cron" } }),
      LABELS,
    );
    expect(errors).toEqual({ fields: { cron: '"* *" has 2 field(s).' }, form: [] });
    expect(formErrorsOf(new Error("boom"), LABELS).form).toEqual(["Something went wrong. Try again in a moment."]);
  });

  it("words zod's default messages with the field's label", () => {
    expect(humanizeMessage("city: Invalid input: expected string, received undefined", "city", "City")).toBe(
      "Enter a value for City.",
    );
    expect(humanizeMessage("Invalid input: expected number, received string", "age", "Age")).toBe(
      "Age must be a number.",
    );
    expect(humanizeMessage("Invalid input: expected string, received undefined", "", undefined)).toBe("Required.");
    expect(humanizeMessage("must not be blank", "name", "Name")).toBe("Name must not be blank");
    const parsed = z
      .object({ name: z.string().min(1), city: z.string(), cron: z.string().max(3) })
      .safeParse({ name: "", cron: "12345" });
    expect(formErrorsOfZod(parsed.error!, LABELS).fields).toEqual({
      name: "Enter a value for Name.",
      city: "Enter a value for City.",
      cron: "Cron must have at most 3 characters.",
    });
  });

  it("places path-named problems (preview refusals, findings) on their fields", () => {
    expect(
      formErrorsOfProblems(
        [
          { field: "cron", message: 'cron: "x" has 1 field(s).' },
          { field: "timezone", message: 'timezone: "Mars" is not an IANA time zone.' },
        ],
        LABELS,
      ).fields,
    ).toEqual({ cron: '"x" has 1 field(s).', timezone: '"Mars" is not an IANA time zone.' });
  });
});
