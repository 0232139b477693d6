import type { IncomingHttpHeaders } from "node:http";
import { httpToolAllowedHosts } from "@/server/env";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import type { TIntegrationDefinition } from "@/server/integrations/types";
import type { THttpTool, TToolCredential } from "./http-binding";
import {
  credentialForms,
  redactError,
  redactForms,
  redactTail,
  secretEntries,
} from "@/server/integrations/redact-credentials";
import { refused, resolveTarget, sendPinned, type THostLookup } from "./pinned-request";
import { builtInHttpRequest, customHttpRequest, type TToolRequest, validateArgs } from "./tool-request";

export const HTTP_TOOL_TIMEOUT_MS = 10_000;
export const HTTP_TOOL_MAX_BODY_BYTES = 1024 * 1024;
export const HTTP_TOOL_MAX_REDIRECTS = 3;

export type THttpToolResult = {
  status: number;
  /** Lower-case names; set-cookie is never returned (the service keeps no cookie jar). */
  headers: Record<string, string>;
  /** Parsed JSON when the response says JSON and parses; otherwise the text. */
  body: unknown;
  /** The body exceeded the cap and was cut there. */
  truncated: boolean;
};

export type TInvokeHttpToolOptions = {
  toolName: string;
  args: unknown;
  credential: TToolCredential;
  integration: TIntegrationDefinition;
  /** host or host:port entries exempt from the address refusal; default HTTP_TOOL_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Name resolution; default the system resolver (tests play a DNS server here). */
  lookup?: THostLookup;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function publicHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === "set-cookie" || name === "set-cookie2") continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function decodeBody(headers: IncomingHttpHeaders, body: Buffer, truncated: boolean): unknown {
  const text = body.toString("utf8");
  if (!truncated && /[/+]json\b/i.test(headers["content-type"] ?? "") && text.trim()) {
    try {
      return JSON.parse(text);
    } catch {
      // A server that labels non-JSON as JSON still gets its text returned.
    }
  }
  return text;
}

/** The next hop of a redirect: method and body as browsers do, credentials only on the same origin. */
function redirected(request: TToolRequest, status: number, location: string): TToolRequest {
  let url: URL;
  try {
    url = new URL(location, request.url);
  } catch {
    throw new AppError("VALIDATION", `The redirect from ${request.url.host} points to an invalid URL.`, {
      details: { reason: "bad_redirect" },
    });
  }
  const toGet =
    status === 303 || ((status === 301 || status === 302) && request.method !== "GET" && request.method !== "HEAD");
  const headers = { ...request.headers };
  if (toGet) delete headers["content-type"];
  if (url.origin !== request.url.origin) for (const name of request.sensitiveHeaders) delete headers[name];
  return { ...request, url, method: toGet ? "GET" : request.method, headers, body: toGet ? undefined : request.body };
}

/**
 * Runs one HTTP tool call (service.http.* or a custom integration's tool) through the
 * outbound guard (sendToolRequest): arguments validated, the request built from its binding.
 * Upstream statuses, 4xx and 5xx included, are results; refusals, timeouts and network failures
 * throw AppError with `details.reason` (docs/decisions.md, "Outbound HTTP").
 */
export async function invokeHttpTool(options: TInvokeHttpToolOptions): Promise<THttpToolResult> {
  const { integration, toolName, credential } = options;
  const tool = integration.tools.find((candidate) => candidate.name === toolName) as THttpTool | undefined;
  if (!tool)
    throw new AppError("VALIDATION", `The integration ${integration.id} has no tool ${toolName}.`, {
      details: { reason: "unknown_tool", tool: toolName },
    });
  const args = validateArgs(tool.name, tool.inputSchema, options.args ?? {});
  const request =
    integration.id === "service.http"
      ? builtInHttpRequest(tool, args, integration, credential)
      : customHttpRequest(tool, args, integration, credential);
  return sendToolRequest(request, { ...options, toolName: tool.name });
}

export type TSendOptions = Pick<
  TInvokeHttpToolOptions,
  "toolName" | "allowedHosts" | "timeoutMs" | "maxBodyBytes" | "lookup"
>;

/** The credential values a request carries: its sensitive headers and secret-named query parameters. */
export function requestSecrets(request: TToolRequest): string[] {
  const headers = Object.entries(request.headers).filter(([name]) => request.sensitiveHeaders.has(name));
  return [
    ...headers.map(([, value]) => value),
    ...secretEntries(Object.entries(request.headers)),
    ...secretEntries(request.url.searchParams.entries()),
  ];
}

/**
 * Sends a tool's request through the outbound guard (sendUnredacted), then replaces every
 * credential value the request carried by the marker in the result and in a thrown error:
 * upstreams echo headers and URLs (redact-credentials.ts).
 */
export async function sendToolRequest(first: TToolRequest, options: TSendOptions): Promise<THttpToolResult> {
  const forms = credentialForms(requestSecrets(first));
  try {
    const result = redactForms(await sendUnredacted(first, options), forms);
    if (result.truncated && typeof result.body === "string") result.body = redactTail(result.body, forms);
    return result;
  } catch (error) {
    throw redactError(error, forms);
  }
}

/**
 * Sends a tool's request through the outbound guard: DNS resolved and checked, the checked
 * address pinned, redirects followed by hand and re-checked (at most 3), a deadline over the
 * whole call and a cap on the body.
 */
async function sendUnredacted(first: TToolRequest, options: TSendOptions): Promise<THttpToolResult> {
  let request = first;
  const allowedHosts = options.allowedHosts ?? httpToolAllowedHosts();
  const timeoutMs = options.timeoutMs ?? HTTP_TOOL_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const started = Date.now();
  try {
    for (let hop = 0; ; hop++) {
      const target = await resolveTarget(request.url, allowedHosts, options.lookup);
      const response = await sendPinned({
        ...request,
        target,
        signal,
        maxBytes: options.maxBodyBytes ?? HTTP_TOOL_MAX_BODY_BYTES,
      });
      const location = response.headers.location;
      if (REDIRECTS.has(response.status) && location) {
        if (hop >= HTTP_TOOL_MAX_REDIRECTS) {
          throw refused(
            `Refused to follow more than ${HTTP_TOOL_MAX_REDIRECTS} redirects (last from ${request.url.host}).`,
            { host: request.url.hostname, reason: "too_many_redirects" },
          );
        }
        request = redirected(request, response.status, location);
        continue;
      }
      // Host and status only: URLs may carry secrets in their query, headers carry credentials.
      log.debug("http tool call", {
        tool: options.toolName,
        host: request.url.host,
        status: response.status,
        hops: hop,
        ms: Date.now() - started,
      });
      return {
        status: response.status,
        headers: publicHeaders(response.headers),
        body: decodeBody(response.headers, response.body, response.truncated),
        truncated: response.truncated,
      };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) {
      throw new AppError("UNAVAILABLE", `The call to ${request.url.host} timed out after ${timeoutMs} ms.`, {
        details: { reason: "timeout", host: request.url.hostname },
      });
    }
    const code = (error as NodeJS.ErrnoException).code ?? "network error";
    throw new AppError("UNAVAILABLE", `The call to ${request.url.host} failed (${code}).`, {
      details: { reason: "network", host: request.url.hostname, code },
    });
  }
}
