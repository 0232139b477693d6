"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** The origin the person is using the console on: the host a ready call should reach. */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => "https://your-service.example.com",
  );
}

/** The placeholder a person replaces with their end user's token for one integration (no quote: it sits in a single-quoted shell string). */
export const callerTokenPlaceholder = (integrationId: string) => `<your end user token for ${integrationId}>`;

/**
 * The session route's body: the message, and for an agent that binds integrations as
 * caller_required, the `callerCredentials` (spec 2) without which the call is refused, one
 * placeholder token per integration.
 */
function sessionBody(callerRequired: readonly string[]): Record<string, unknown> {
  if (callerRequired.length === 0) return { message: "Hello" };
  const integrations = Object.fromEntries(callerRequired.map((id) => [id, { token: callerTokenPlaceholder(id) }]));
  return { message: "Hello", callerCredentials: { integrations } };
}

/** curl for POST /api/v1/agents/{id}/sessions (spec 4.2): the key comes from the environment, never the page. */
export function agentCurl(origin: string, agentId: string, callerRequired: readonly string[] = []): string {
  const body =
    callerRequired.length === 0
      ? `'{"message": "Hello"}'`
      : `'${JSON.stringify(sessionBody(callerRequired), null, 2).replaceAll("\n", "\n     ")}'`;
  return [
    `curl -X POST "${origin}/api/v1/agents/${agentId}/sessions" \\`,
    `  -H "Authorization: Bearer $SERVICE_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${body}`,
  ].join("\n");
}

/** The SDK client of both snippets; the key comes from the environment, never the page. */
function sdkClient(origin: string): string[] {
  return [
    `import { env } from "node:process";`,
    `import { createCustomerClient } from "@agent-automation/sdk";`,
    ``,
    `const client = createCustomerClient({ baseUrl: "${origin}", credential: env.SERVICE_API_KEY });`,
  ];
}

export function agentSdk(origin: string, agentId: string, callerRequired: readonly string[] = []): string {
  const credentials = sessionBody(callerRequired).callerCredentials;
  const open = `{ automationId: "${agentId}", message: "Hello"${credentials ? `, callerCredentials: ${JSON.stringify(credentials)}` : ""} }`;
  return [
    ...sdkClient(origin),
    `const { data } = await client.sessions.open(${open});`,
    `for await (const event of client.sessions.stream({ sessionId: data.sessionId })) {`,
    `  if (event.event === "turn.completed") break;`,
    `}`,
  ].join("\n");
}

/**
 * A fresh Idempotency-Key each time the copied command runs, from the shell alone (`uuidgen`
 * is not installed everywhere): seconds since the epoch and bash/zsh's $RANDOM; a shell
 * without $RANDOM still sends a valid key. A literal key would replay the first answer.
 */
export const SHELL_IDEMPOTENCY_KEY = "ready-$(date +%s)-$RANDOM";

/** The input as it sits in the single-quoted shell body: JSON with any `'` escaped for the shell. */
const shellJson = (value: unknown) => JSON.stringify(value).replaceAll("'", "'\\''");

/**
 * A flow starts through a trigger it subscribes to: POST /api/v1/triggers/fire (spec 4.5),
 * with an input prefilled from the flow's declared inputs (`exampleFlowInput`), so the copied
 * call starts a run instead of being refused with FLOW_INPUT_INVALID.
 */
export function flowCurl(origin: string, triggerId: string, input: Record<string, unknown> = {}): string {
  return [
    `curl -X POST "${origin}/api/v1/triggers/fire" \\`,
    `  -H "Authorization: Bearer $SERVICE_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: ${SHELL_IDEMPOTENCY_KEY}" \\`,
    `  -d '{"triggerId": "${triggerId}", "input": ${shellJson(input)}}'`,
  ].join("\n");
}

export function flowSdk(origin: string, triggerId: string, input: Record<string, unknown> = {}): string {
  return [
    ...sdkClient(origin),
    `const { data } = await client.triggers.fire({ triggerId: "${triggerId}", input: ${JSON.stringify(input)} });`,
    `// data.sessions: one { automationId, sessionId } per subscriber that started`,
  ].join("\n");
}
