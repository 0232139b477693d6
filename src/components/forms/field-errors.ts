import { TRPCClientError } from "@trpc/client";
import type { z } from "zod";

/**
 * Every problem of a refused form, each under its field and in words (issue 41): the service's
 * `details.issues` (every invalid field), `details.field` (one field), `details.findings` (flow
 * findings), or a failed contract parse in the browser. Machine prefixes ("cron: ") are
 * dropped, since the message sits under the field already, and zod's default sentences
 * ("Invalid input: expected string, received undefined") become words using the field's label.
 */
export type TFormErrors = {
  /** One message per field key (the first problem of that field). */
  fields: Record<string, string>;
  /** Problems no field of the form owns: shown once, above the actions. */
  form: string[];
};

type TLabels = Record<string, string>;
type TAppErrorBody = { code: string; message: string; details?: Record<string, unknown> };
type TOptions = {
  /** The form's key for a service path ("eventFilter.value" -> "eventFilter"); null when no field owns it. */
  fieldOf?: (path: string) => string | null;
};

const NOUN: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
  date: "a date",
};

function labelFor(path: string, labels: TLabels): string | undefined {
  return labels[path] ?? labels[path.split(".")[0] ?? ""] ?? labels[path.split(".").at(-1) ?? ""];
}

/** A message as a person reads it: no machine prefix, zod defaults put in words. */
export function humanizeMessage(message: string, path: string, label?: string): string {
  const name = label ?? (path ? path.split(".").at(-1) : undefined);
  let text = message.trim().replace(/^Invalid request:\s*/, "");
  // "cron: …", "steps[0].id: …", "city: …": the field says where already.
  const prefixes = [path, path.split(".").at(-1), label].filter((part): part is string => Boolean(part));
  for (const prefix of prefixes) {
    if (text.toLowerCase().startsWith(`${prefix.toLowerCase()}: `)) {
      text = text.slice(prefix.length + 2);
      break;
    }
  }
  text = text.replace(/\s*\(and \d+ more problems?\)\.?$/, "");
  const expected = /^Invalid input: expected (\w+), received (\w+)$/.exec(text);
  if (expected) {
    if (expected[2] === "undefined" || expected[2] === "null") return name ? `Enter a value for ${name}.` : "Required.";
    const noun = NOUN[expected[1]!] ?? expected[1];
    return name ? `${name} must be ${noun}.` : `Must be ${noun}.`;
  }
  const option = /^Invalid option: expected one of (.+)$/.exec(text);
  if (option) return `Choose one of ${option[1]!.replace(/\|/g, ", ")}${name ? ` for ${name}` : ""}.`;
  const small = /^Too small: expected (\w+) to have >=?(\d+) (characters?|items?)$/.exec(text);
  if (small) {
    if (small[2] === "1") return name ? `Enter a value for ${name}.` : "Required.";
    return `${name ?? "This"} must have at least ${small[2]} ${small[3]}.`;
  }
  const big = /^Too big: expected (\w+) to have <=?(\d+) (characters?|items?)$/.exec(text);
  if (big) return `${name ?? "This"} must have at most ${big[2]} ${big[3]}.`;
  const tooSmallNumber = /^Too small: expected number to be >=?(-?[\d.]+)$/.exec(text);
  if (tooSmallNumber) return `${name ?? "This"} must be at least ${tooSmallNumber[1]}.`;
  const tooBigNumber = /^Too big: expected number to be <=?(-?[\d.]+)$/.exec(text);
  if (tooBigNumber) return `${name ?? "This"} must be at most ${tooBigNumber[1]}.`;
  if (/^Invalid (UUID|uuid)$/.test(text)) return `${name ?? "This"} must be an id (UUID).`;
  if (/^Invalid (string|input)(: must match pattern .*)?$/.test(text))
    return `${name ?? "This"} is not in the expected form.`;
  const unknownKeys = /^Unrecognized keys?: (.+)$/.exec(text);
  if (unknownKeys) return `${unknownKeys[1]} ${unknownKeys[1]!.includes(",") ? "are" : "is"} not accepted here.`;
  // Contract fragments ("must not be blank") read as a sentence after the label.
  if (/^[a-z]/.test(text) && name) text = `${name} ${text}`;
  else if (/^[a-z]/.test(text)) text = text[0]!.toUpperCase() + text.slice(1);
  return text;
}

/** The service's error body (code, message, details) carried by a tRPC error, if any. */
function appErrorBodyOf(error: unknown): TAppErrorBody | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { appError?: TAppErrorBody | null } | undefined;
  return data?.appError ?? null;
}

function add(errors: TFormErrors, key: string | null, message: string) {
  if (key === null) {
    if (!errors.form.includes(message)) errors.form.push(message);
  } else if (!errors.fields[key]) errors.fields[key] = message;
}

const defaultFieldOf = (labels: TLabels) => (path: string) => {
  if (Object.hasOwn(labels, path)) return path;
  const first = path.split(".")[0] ?? "";
  return Object.hasOwn(labels, first) ? first : null;
};

/** Problems as `{ path, message }` pairs, from the three shapes the service sends. */
function problemsOf(body: TAppErrorBody): Array<{ path: string | null; message: string }> {
  const details = body.details ?? {};
  if (Array.isArray(details.issues) && details.issues.length)
    return (details.issues as Array<{ path?: unknown; message?: unknown }>).map((issue) => ({
      path: typeof issue.path === "string" ? issue.path : null,
      message: String(issue.message ?? body.message),
    }));
  if (Array.isArray(details.findings) && details.findings.length)
    return (details.findings as Array<{ path?: unknown; message?: unknown }>).map((finding) => ({
      path: typeof finding.path === "string" ? finding.path : null,
      message: String(finding.message ?? body.message),
    }));
  if (typeof details.field === "string") return [{ path: details.field, message: body.message }];
  return [{ path: null, message: body.message }];
}

/**
 * Every problem of an API refusal, each under the form's field it belongs to (labels name the
 * form's fields); anything no field owns (or an error without a service body) is for the form.
 */
export function formErrorsOf(
  error: unknown,
  labels: TLabels,
  options: TOptions & { fallback?: string } = {},
): TFormErrors {
  const errors: TFormErrors = { fields: {}, form: [] };
  const body = appErrorBodyOf(error);
  if (!body) {
    add(errors, null, options.fallback ?? "Something went wrong. Try again in a moment.");
    return errors;
  }
  const fieldOf = options.fieldOf ?? defaultFieldOf(labels);
  for (const problem of problemsOf(body)) {
    const key = problem.path === null ? null : fieldOf(problem.path);
    const label = key ? (labels[key] ?? labelFor(problem.path ?? "", labels)) : undefined;
    add(errors, key, humanizeMessage(problem.message, problem.path ?? "", label));
  }
  return errors;
}

/** Every problem of a failed contract parse in the browser, one message per field, in words. */
export function formErrorsOfZod(error: z.ZodError, labels: TLabels, options: TOptions = {}): TFormErrors {
  const errors: TFormErrors = { fields: {}, form: [] };
  const fieldOf = options.fieldOf ?? defaultFieldOf(labels);
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    const key = fieldOf(path);
    add(errors, key, humanizeMessage(issue.message, path, key ? labels[key] : undefined));
  }
  return errors;
}

/** `{ path, message }` problems (preview refusals, findings) put in words under their fields. */
export function formErrorsOfProblems(
  problems: ReadonlyArray<{ field?: string; path?: string; message: string }>,
  labels: TLabels,
  options: TOptions = {},
): TFormErrors {
  const errors: TFormErrors = { fields: {}, form: [] };
  const fieldOf = options.fieldOf ?? defaultFieldOf(labels);
  for (const problem of problems) {
    const path = problem.field ?? problem.path ?? "";
    const key = fieldOf(path);
    add(errors, key, humanizeMessage(problem.message, path, key ? labels[key] : labelFor(path, labels)));
  }
  return errors;
}
