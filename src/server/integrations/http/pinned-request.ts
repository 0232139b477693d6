import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { AppError } from "@/server/errors";
import { blockedAddressReason, blockedHostnameReason, isAllowedHost } from "./address-guard";

/** Every address the host resolved to, all of them checked; the socket may use only these. */
export type TPinnedTarget = { addresses: LookupAddress[] };

export type TRawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer; truncated: boolean };

export type TOneRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  target: TPinnedTarget;
  signal: AbortSignal;
  maxBytes: number;
};

export const refused = (message: string, details: Record<string, unknown>) =>
  new AppError("VALIDATION", message, { details: { reason: "refused", ...details } });

/** Resolves a host name to every address it has. Tests pass their own to play a DNS server (rebinding, metadata names). */
export type THostLookup = (hostname: string) => Promise<LookupAddress[]>;

function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** The allowlist entry that would exempt this URL: its host as written, and its port. */
function allowEntryOf(url: URL, host: string): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${portOf(url)}`;
}

/**
 * A refused address, with the way out: a person running the service locally (a test receiver
 * on loopback, a service on the LAN) needs to know which setting exempts it, and that it is
 * read at start.
 */
function refusedAddress(url: URL, host: string, what: string, details: Record<string, unknown>): AppError {
  const entry = allowEntryOf(url, host);
  return refused(
    `Refused to call ${host}: ${what}. Outbound calls may only reach public addresses. ` +
      `To allow this one, an operator adds "${entry}" to the HTTP_TOOL_ALLOWED_HOSTS setting ` +
      `(comma-separated host or host:port entries) and restarts the service.`,
    { host, ...details, setting: "HTTP_TOOL_ALLOWED_HOSTS", allowEntry: entry },
  );
}

/**
 * Resolves the URL's host once and checks every address it resolves to; the request then
 * connects only to the checked addresses (see `sendPinned`), so a DNS answer that changes
 * between check and connect (rebinding) cannot reach anything the check refused.
 * Hosts in the allowlist (by name, as written in the URL) skip the address refusal only.
 */
export async function resolveTarget(
  url: URL,
  allowedHosts: readonly string[],
  lookup: THostLookup = lookupAll,
): Promise<TPinnedTarget> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refused(`Only http and https URLs can be called (got ${url.protocol}).`, { host: url.hostname });
  }
  if (url.username || url.password) {
    throw refused(
      `URLs with embedded credentials are refused (${url.hostname}); use a connection or caller credentials instead.`,
      { host: url.hostname },
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allowed = isAllowedHost(host, portOf(url), allowedHosts);
  const addresses: LookupAddress[] = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host).catch(() => []);
  // Checked after the addresses so the refusal names the address when there is one; a
  // *.localhost name is refused even when the resolver does not know it or answers otherwise.
  const nameReason = allowed ? null : blockedHostnameReason(host);
  if (nameReason && !addresses.some(({ address }) => blockedAddressReason(address))) {
    throw refusedAddress(url, host, `it is ${nameReason}`, {});
  }
  if (!addresses.length)
    throw new AppError("UNAVAILABLE", `The host ${host} could not be resolved.`, { details: { reason: "dns", host } });
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason) {
        const what = address === host ? `it is ${reason}` : `it resolves to ${address}, ${reason}`;
        throw refusedAddress(url, host, what, { address });
      }
    }
  }
  return { addresses };
}

/**
 * Answers with the checked addresses instead of asking DNS again. Node's happy-eyeballs
 * connect asks for all of them; a plain connect gets the first IPv4 one (else the first).
 */
function pinnedLookup(target: TPinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, target.addresses);
      return;
    }
    const chosen = target.addresses.find((entry) => entry.family === 4) ?? target.addresses[0]!;
    callback(null, chosen.address, chosen.family);
  };
}

/** One HTTP exchange against the pinned address; the body is read up to `maxBytes`. */
export function sendPinned(request: TOneRequest): Promise<TRawResponse> {
  const { url, target } = request;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      {
        protocol: url.protocol,
        // An IP literal skips lookup entirely; it is the address that was checked.
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup(target),
        // A fresh connection per request: a pooled socket could belong to another address.
        agent: false,
        signal: request.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const finish = () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
        res.on("data", (chunk: Buffer) => {
          if (truncated) return;
          const room = request.maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            truncated = true;
            res.destroy();
            finish();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", finish);
        res.on("error", (error) => (truncated ? undefined : reject(error)));
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}
