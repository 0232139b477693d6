import { AppError } from "@/server/errors";
import type { TToolCredential } from "./http/http-binding";
import { invokeHttpTool } from "./http/invoke-http-tool";
import {
  credentialForms,
  credentialValues,
  isSecretName,
  redactError,
  redactForms,
  secretEntries,
  urlSecrets,
} from "./redact-credentials";
import type { TIntegrationDefinition } from "./types";
import { invokeWorkspaceTool, type TWorkspaceConnection } from "./workspace/invoke-workspace-tool";

export type TInvokeToolOptions = {
  orgId: string;
  /** The domain of the running agent (knowledge `domain` mode, connections). */
  domainId: string;
  integration: TIntegrationDefinition;
  /** The tool wire id. */
  toolName: string;
  args: Record<string, unknown>;
  /** Resolved by section 5 (caller material or the organization's connection); null when none is needed. */
  credential: TToolCredential;
  /**
   * service.knowledge.search over the running revision's knowledge selection. Passed in by the
   * engine because integrations sit below services (the search is a service).
   */
  searchKnowledge: (query: string, limit: number | undefined) => Promise<unknown>;
  allowedHosts?: readonly string[];
  /**
   * The running assistant worker's own mail and calendar connections, for service.mail and
   * service.calendar; absent outside an assistant worker's turn (those tools then refuse).
   */
  workspace?: { connection: TWorkspaceConnection; selfEmail: string };
};

/** Response headers worth showing; every other value is redacted (upstreams echo tokens and cookies). */
const SHOWN_HEADERS = new Set([
  "content-type",
  "content-length",
  "location",
  "retry-after",
  "date",
  "etag",
  "last-modified",
]);
export const REDACTED = "[redacted]";

function redactHeaders(headers: unknown): unknown {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SHOWN_HEADERS.has(name.toLowerCase()) ? value : REDACTED]),
  );
}

/** Secret-named query values hidden (api_key=..., access_token=...), other parameters shown. */
function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== "object" || Array.isArray(query)) return query;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, isSecretName(name) ? REDACTED : value]),
  );
}

function redactUrl(url: unknown): unknown {
  if (typeof url !== "string" || !url.includes("?")) return url;
  try {
    const parsed = new URL(url);
    const secret = [...parsed.searchParams.keys()].filter(isSecretName);
    if (!secret.length) return url;
    for (const name of secret) parsed.searchParams.set(name, REDACTED);
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Tool arguments as recorded and shown: header values hidden (credentials travel there), and
 * secret-named query parameters, in `query` or in the URL itself.
 */
export function maskToolArgs(args: Record<string, unknown>): Record<string, unknown> {
  const masked = { ...args };
  if ("headers" in args) masked.headers = redactHeaders(args.headers);
  if ("query" in args) masked.query = redactQuery(args.query);
  if ("url" in args) masked.url = redactUrl(args.url);
  return masked;
}

/** A tool result as recorded, shown and given to the model: header values hidden. */
export function maskToolResult(result: unknown): unknown {
  if (result && typeof result === "object" && !Array.isArray(result) && "headers" in result) {
    return {
      ...(result as Record<string, unknown>),
      headers: redactHeaders((result as Record<string, unknown>).headers),
    };
  }
  return result;
}

const entriesOf = (value: unknown): [string, unknown][] =>
  value && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : [];

/**
 * Every credential value a call may send: its resolved credential (token and every field) and
 * the secret-named headers and query parameters of its own arguments (redact-credentials.ts).
 */
export function callSecrets(credential: TToolCredential, args: Record<string, unknown>): string[] {
  return [
    ...credentialValues(credential),
    ...secretEntries(entriesOf(args.headers)),
    ...secretEntries(entriesOf(args.query)),
    ...urlSecrets(args.url),
  ];
}

/**
 * Runs one tool by wire id with an already-resolved credential: the built-in HTTP tools and
 * custom integrations through the guarded HTTP executor, knowledge search over the revision's
 * selection. Failures throw AppError (code + `details.reason`); the caller records them.
 * The one door of every tool call, so the result and any error leave it with every credential
 * value the call used replaced by CREDENTIAL_MARKER (an upstream may echo them).
 */
export async function invokeTool(options: TInvokeToolOptions): Promise<unknown> {
  const forms = credentialForms(callSecrets(options.credential, options.args));
  try {
    return redactForms(await invokeUnredacted(options), forms);
  } catch (error) {
    throw redactError(error, forms);
  }
}

async function invokeUnredacted(options: TInvokeToolOptions): Promise<unknown> {
  const { integration, toolName, args } = options;
  if (integration.id === "service.knowledge") {
    if (toolName !== "service.knowledge.search")
      throw new AppError("VALIDATION", `The integration service.knowledge has no tool ${toolName}.`);
    const query = typeof args.query === "string" ? args.query.trim() : "";
    if (!query)
      throw new AppError("VALIDATION", "service.knowledge.search needs a nonempty `query`.", {
        details: { reason: "invalid_args" },
      });
    const limit = typeof args.limit === "number" ? args.limit : undefined;
    return { results: await options.searchKnowledge(query, limit) };
  }
  if (integration.id === "service.mail" || integration.id === "service.calendar") {
    if (!options.workspace) {
      throw new AppError(
        "VALIDATION",
        `${toolName} acts with an assistant worker's own mail or calendar connection, so it runs only in an assistant worker's conversation.`,
        {
          details: { reason: "no_worker" },
        },
      );
    }
    return invokeWorkspaceTool({
      toolName,
      args,
      connection: options.workspace.connection,
      selfEmail: options.workspace.selfEmail,
      allowedHosts: options.allowedHosts,
    });
  }
  const result = await invokeHttpTool({
    toolName,
    args,
    credential: options.credential,
    integration,
    allowedHosts: options.allowedHosts,
  });
  return maskToolResult(result);
}
