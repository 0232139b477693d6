// Compiled (never run) by scripts/openapi-check/check.sh against the types openapi-typescript
// generates from both documents: a typed client must be able to send every header the documents
// declare and read every response header they declare, with the types they state.
import createClient from "openapi-fetch";
import type { paths as Partner } from "./generated/partner-v1";
import type { paths as V1 } from "./generated/v1";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | void {}

type TriggerBody = NonNullable<V1["/triggers"]["post"]["requestBody"]>["content"]["application/json"];

const v1 = createClient<V1>({ baseUrl: "https://service.example/api/v1" });
const partner = createClient<Partner>({ baseUrl: "https://service.example/api/partner/v1" });

export async function customerCalls(): Promise<void> {
  const opened = await v1.POST("/agents/{automationId}/sessions", {
    params: { path: { automationId: "a" }, header: { "Idempotency-Key": "open-1" } },
    body: { message: "Hello", callerCredentials: { integrations: { crm: { fields: { apiKey: "s" } } } } },
  });
  if (opened.data) void opened.data;
  await v1.POST("/agents/sessions/{sessionId}/messages", {
    params: { path: { sessionId: "s" }, header: { "Idempotency-Key": "message-1" } },
    body: { message: "And then?" },
  });
  await v1.POST("/triggers/fire", {
    params: { header: { "Idempotency-Key": "fire-1" } },
    body: { triggerId: "t", input: { prompt: "go" } },
  });
  // The trigger body is a oneOf on `type`: each branch takes only its own fields.
  await v1.POST("/triggers", { body: { type: "schedule", domainId: "d", name: "n", cron: "* * * * *" } });
  await v1.POST("/triggers", { body: { type: "api", domainId: "d", name: "n" } });
  // @ts-expect-error a schedule trigger has no eventType
  const mixed: TriggerBody = { type: "schedule", domainId: "d", name: "n", cron: "* * * * *", eventType: "x" };
  void mixed;
  await v1.POST("/mcp", {
    headers: { Accept: "application/json, text/event-stream" },
    body: { jsonrpc: "2.0", id: 1, method: "ping" },
  });
}

export async function partnerCalls(): Promise<void> {
  const body = {
    clientName: "Acme",
    clientSegment: "acme",
    directLoginDisabled: true,
    ownerName: "Ada",
    domainName: "Front office",
  } as const;
  await partner.POST("/organizations", { params: { header: { "Idempotency-Key": "provision-1" } }, body });
  // @ts-expect-error provisioning requires the Idempotency-Key header
  await partner.POST("/organizations", { params: {}, body });
  const subject = { "X-Service-Subject": "worker-7" };
  await partner.POST("/organizations/{orgId}/workers/{w}/messages", {
    params: { path: { orgId: "o", w: "w" }, header: { ...subject, "Idempotency-Key": "m-1" } },
    body: { body: "Hi" },
  });
  await partner.GET("/organizations/{orgId}/workers/{w}/approvals", {
    params: { path: { orgId: "o", w: "w" }, header: subject, query: { limit: 10 } },
  });
  await partner.GET("/organizations/{orgId}/oauth-apps", { params: { path: { orgId: "o" }, header: subject } });
  // The two bodies of POST /organizations/{orgId}/workers, each on its own.
  await partner.POST("/organizations/{orgId}/workers", {
    params: { path: { orgId: "o" } },
    body: { external_ref: "user-1", email: "user@example.com" },
  });
  await partner.POST("/organizations/{orgId}/workers", {
    params: { path: { orgId: "o" } },
    body: { partnerSubject: "p-1", displayName: "Pat", domainRoles: [{ domainId: "d", role: "editor" }] },
  });
  await partner.POST("/organizations/{orgId}/workers/{w}/approvals/{id}", {
    params: { path: { orgId: "o", w: "w", id: "a" }, header: subject },
    body: { instruction: "Use the other account." },
  });
}

// Response headers, read with the types the documents state.
type Provision = Partner["/organizations"]["post"]["responses"];
expectType<Equal<Provision[202]["headers"]["Idempotency-Replayed"], "true" | undefined>>();
expectType<Equal<Provision[202]["headers"]["RateLimit"], string | undefined>>();
expectType<Equal<Provision[202]["headers"]["RateLimit-Policy"], string | undefined>>();
expectType<Equal<Provision[429]["headers"]["Retry-After"], number | undefined>>();
expectType<Equal<Provision[409]["headers"]["Retry-After"], number | undefined>>();
type Fire = V1["/triggers/fire"]["post"]["responses"];
expectType<Equal<Fire[202]["headers"]["Idempotency-Replayed"], "true" | undefined>>();
expectType<Equal<Fire[429]["headers"]["Retry-After"], number | undefined>>();
expectType<Equal<Fire[202]["headers"]["RateLimit"], string | undefined>>();
type Messages = Partner["/organizations/{orgId}/workers/{w}/messages"]["post"];
expectType<Equal<Required<NonNullable<Messages["parameters"]["header"]>>["X-Service-Subject"], string>>();
