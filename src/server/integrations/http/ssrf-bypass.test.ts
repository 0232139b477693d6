import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findAppError } from "@/server/errors";
import { deliverOnce } from "@/server/webhooks/deliver";
import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import { crmDocument } from "@/server/integrations/openapi/crm-fixture";
import { integrationFromOpenApi } from "@/server/integrations/openapi-import";
import type { TIntegrationDefinition, TToolDefinition } from "@/server/integrations/types";
import { blockedAddressReason } from "./address-guard";
import { invokeHttpTool } from "./invoke-http-tool";
import type { THostLookup } from "./pinned-request";

// The outbound SSRF guard against a bypass list, on every outbound path: the built-in HTTP tool,
// a tool of an integration imported from an OpenAPI document, and webhook deliveries. Each
// forbidden URL points at a real server on this machine (the "victim"), so a guard that let one
// through would be seen: the victim counts every request it gets, and must get none.

type TVictim = { server: Server; port: number; hits: string[] };

async function listen(
  handler: (url: string, answer: (status: number, headers?: Record<string, string>) => void) => void,
  host = "127.0.0.1",
): Promise<TVictim> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req.url ?? "", (status, headers) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

let victim: TVictim;
let victim6: TVictim;
let redirector: TVictim;

beforeAll(async () => {
  victim = await listen((_url, answer) => answer(200));
  // Loopback on IPv6 too, so ::1 and mapped forms would find a listener.
  victim6 = await listen((_url, answer) => answer(200), "::1").catch(() => victim);
  // The one exempt host: a public-looking receiver that answers with a redirect to ?to=.
  redirector = await listen((url, answer) =>
    answer(302, { location: new URL(url, "http://x").searchParams.get("to") ?? "/" }),
  );
});

afterAll(async () => {
  await Promise.all([victim, victim6, redirector].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  victim.hits.length = 0;
  victim6.hits.length = 0;
});

/** Every spelling of a forbidden address; `{p}` is the victim's port. */
const BYPASSES: Array<[label: string, url: string]> = [
  ["decimal IPv4", "http://2130706433:{p}/"],
  ["octal IPv4", "http://0177.0.0.1:{p}/"],
  ["hex IPv4 by octet", "http://0x7f.0.0.1:{p}/"],
  ["hex IPv4 whole", "http://0x7f000001:{p}/"],
  ["short form", "http://127.1:{p}/"],
  ["octal short form", "http://0177.1:{p}/"],
  ["zero-padded", "http://127.000.000.001:{p}/"],
  ["trailing dot", "http://127.0.0.1.:{p}/"],
  ["IPv6 loopback", "http://[::1]:{p6}/"],
  ["IPv6 loopback, long form", "http://[0:0:0:0:0:0:0:1]:{p6}/"],
  ["IPv4-mapped dotted", "http://[::ffff:127.0.0.1]:{p}/"],
  ["IPv4-mapped hex", "http://[::ffff:7f00:1]:{p}/"],
  ["IPv4-mapped uncompressed", "http://[0:0:0:0:0:ffff:127.0.0.1]:{p}/"],
  ["IPv4-translated", "http://[::ffff:0:7f00:1]:{p}/"],
  ["NAT64 of loopback", "http://[64:ff9b::7f00:1]:{p}/"],
  ["unspecified 0.0.0.0", "http://0.0.0.0:{p}/"],
  ["unspecified 0", "http://0:{p}/"],
  ["IPv6 unspecified", "http://[::]:{p6}/"],
  ["localhost", "http://localhost:{p}/"],
  ["*.localhost", "http://victim.localhost:{p}/"],
  ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
  ["AWS IPv6 metadata", "http://[fd00:ec2::254]/latest/meta-data/"],
  ["mapped metadata", "http://[::ffff:169.254.169.254]/"],
  ["private 10/8", "http://10.0.0.1/"],
  ["private 192.168/16", "http://192.168.0.1/"],
  ["CGNAT", "http://100.64.0.1/"],
];

const fill = (url: string) => url.replace("{p}", String(victim.port)).replace("{p6}", String(victim6.port));
const victimHits = () => victim.hits.length + victim6.hits.length;
const exempt = () => [`127.0.0.1:${redirector.port}`];

const HTTP = BUILT_IN_INTEGRATIONS.find((integration) => integration.id === "service.http")!;

/** An integration imported from an OpenAPI document whose server is the URL under test. */
function importedIntegration(baseUrl: string): TIntegrationDefinition {
  const imported = integrationFromOpenApi({
    document: crmDocument(),
    orgSlug: "acme",
    orgId: "8a1f6a4e-3b7f-4b0e-9c55-0a4c2b7d9e11",
    baseUrl,
  });
  return {
    id: imported.id,
    name: imported.name,
    description: imported.description,
    builtIn: false,
    credential: { token: true, fields: [], prefers: "token" },
    tools: imported.tools as TToolDefinition[],
  };
}

/** Each outbound path, reduced to "send one request to this URL"; resolves to why it was refused, or throws when the call went out. */
type TPath = (url: string, extra?: { lookup?: THostLookup; allowedHosts?: string[] }) => Promise<string>;

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const appError = findAppError(error);
    if (appError?.details?.reason === "refused") return appError.message;
    throw error;
  }
  throw new Error("the request was sent");
}

const PATHS: Array<[name: string, send: TPath]> = [
  [
    "service.http tool",
    (url, extra) =>
      refusal(
        invokeHttpTool({
          toolName: "service.http.get",
          args: { url },
          credential: { token: "secret-token" },
          integration: HTTP,
          allowedHosts: [],
          timeoutMs: 2_000,
          ...extra,
        }),
      ),
  ],
  [
    "imported OpenAPI integration",
    (url, extra) => {
      const integration = importedIntegration(url.replace(/\/$/, ""));
      return refusal(
        invokeHttpTool({
          toolName: `${integration.id}.listContacts`,
          args: {},
          credential: { token: "secret-token" },
          integration,
          allowedHosts: [],
          timeoutMs: 2_000,
          ...extra,
        }),
      );
    },
  ],
  [
    "webhook delivery",
    async (url, extra) => {
      const outcome = await deliverOnce({
        url,
        secret: "whsec_test",
        body: "{}",
        allowedHosts: [],
        timeoutMs: 2_000,
        ...extra,
      });
      if (outcome.ok || outcome.statusCode !== null) throw new Error(`the request was sent (${outcome.statusCode})`);
      if (!/^Refused/.test(outcome.error ?? "")) throw new Error(`not refused by the guard: ${outcome.error}`);
      return outcome.error!;
    },
  ],
];

describe.each(PATHS)("SSRF guard on the %s path", (_name, send) => {
  it.each(BYPASSES)("refuses %s (%s) and nothing reaches the address", async (_label, url) => {
    await expect(send(fill(url))).resolves.toMatch(/Refused to call .+ public addresses/);
    expect(victimHits()).toBe(0);
  });

  it("refuses DNS names that resolve to private addresses, checking every address a name has", async () => {
    const dns =
      (answers: Record<string, string[]>): THostLookup =>
      async (hostname) =>
        (answers[hostname] ?? []).map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
    const lookup = dns({
      "metadata.google.internal": ["169.254.169.254"],
      "internal.example.com": ["10.1.2.3"],
      "mixed.example.com": ["93.184.215.14", "127.0.0.1"],
      "v6.example.com": ["fd00:ec2::254"],
    });
    await expect(send("http://metadata.google.internal/computeMetadata/v1/", { lookup })).resolves.toMatch(
      /resolves to 169\.254\.169\.254, a link-local address/,
    );
    await expect(send(`http://internal.example.com:${victim.port}/`, { lookup })).resolves.toMatch(
      /resolves to 10\.1\.2\.3/,
    );
    await expect(send(`http://mixed.example.com:${victim.port}/`, { lookup })).resolves.toMatch(
      /resolves to 127\.0\.0\.1, a loopback address/,
    );
    await expect(send("http://v6.example.com/", { lookup })).resolves.toMatch(/unique-local/);
    expect(victimHits()).toBe(0);
  });

  it("connects only to the address it checked (one lookup; a rebinding answer is never used)", async () => {
    let lookups = 0;
    // First answer public, every later one the victim: a second lookup at connect time would reach it.
    const rebinding: THostLookup = async () =>
      lookups++ === 0 ? [{ address: "192.0.2.1", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    // 192.0.2.1 is a documentation address, refused too; exempting the name lets the call go out
    // to prove where the socket goes.
    await send(`http://rebind.example.com:${victim.port}/`, {
      lookup: rebinding,
      allowedHosts: [`rebind.example.com:${victim.port}`],
    }).catch(() => undefined);
    expect(lookups).toBe(1);
    expect(victimHits()).toBe(0);
  });
});

describe("redirects to private addresses", () => {
  const targets = [
    "http://127.0.0.1:{p}/",
    "http://2130706433:{p}/",
    "http://[::ffff:127.0.0.1]:{p}/",
    "http://localhost:{p}/",
    "http://169.254.169.254/latest/meta-data/",
  ];

  it.each(targets)("the HTTP tool re-checks every hop and refuses %s", async (target) => {
    const url = `http://127.0.0.1:${redirector.port}/start?to=${encodeURIComponent(fill(target))}`;
    await expect(
      refusal(
        invokeHttpTool({
          toolName: "service.http.get",
          args: { url },
          credential: null,
          integration: HTTP,
          allowedHosts: exempt(),
        }),
      ),
    ).resolves.toMatch(/Refused to call/);
    expect(victimHits()).toBe(0);
  });

  it("the HTTP tool refuses a redirect two hops down (exempt -> exempt -> private)", async () => {
    const inner = `http://127.0.0.1:${redirector.port}/hop2?to=${encodeURIComponent(fill("http://0x7f.1:{p}/"))}`;
    const url = `http://127.0.0.1:${redirector.port}/hop1?to=${encodeURIComponent(inner)}`;
    await expect(
      refusal(
        invokeHttpTool({
          toolName: "service.http.get",
          args: { url },
          credential: null,
          integration: HTTP,
          allowedHosts: exempt(),
        }),
      ),
    ).resolves.toMatch(/Refused to call 127\.0\.0\.1: it is a loopback address/);
    expect(victimHits()).toBe(0);
  });

  it.each(targets)(
    "a webhook delivery never follows a redirect (to %s): the attempt fails with the 302",
    async (target) => {
      const url = `http://127.0.0.1:${redirector.port}/hook?to=${encodeURIComponent(fill(target))}`;
      const outcome = await deliverOnce({ url, secret: "whsec_test", body: "{}", allowedHosts: exempt() });
      expect(outcome).toMatchObject({ ok: false, statusCode: 302 });
      expect(victimHits()).toBe(0);
    },
  );
});

describe("what the table relies on", () => {
  it("the victims are reachable when exempt, so a zero hit count means the guard stopped the call", async () => {
    const result = await invokeHttpTool({
      toolName: "service.http.get",
      args: { url: `http://127.0.0.1:${victim.port}/` },
      credential: null,
      integration: HTTP,
      allowedHosts: [`127.0.0.1:${victim.port}`],
    });
    expect(result.status).toBe(200);
    expect(victim.hits).toHaveLength(1);
  });

  it("the address check itself classifies the IPv4-translated and mapped forms", () => {
    expect(blockedAddressReason("::ffff:0:7f00:1")).toMatch(/loopback address \(embedded/);
    expect(blockedAddressReason("::ffff:0:a00:1")).toMatch(/private address \(embedded/);
    expect(blockedAddressReason("::ffff:0:808:808")).toBeNull();
  });
});
