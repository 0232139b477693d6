import { expect, test, type APIRequestContext } from "@playwright/test";
import { acme, expectError, expectStatus } from "../support/api";
import { receivedRequests, scriptReceiver, uniqueMarker, type TReceivedRequest } from "../support/receiver";
import { bearer, type TWorldUser } from "../support/world";

// Section 5 "Caller credential resolution", observed where it matters: at a real HTTP receiver
// that the fixture agents call (httpRead, httpWrite: caller_preferred; callerRequired).
// What the black box cannot see (caller_credential.failed payloads, the sealed caller_grants row
// and its deletion at settle, expiry during an approval wait) is asserted by
// src/server/services/caller-credentials/caller-credentials-runtime.test.ts.

type TToolCall = { name: string; status: string; errorCode: string | null; errorMessage: string | null };
type TTurn = { executionId: string; status: string; errorCode: string | null; toolCalls: TToolCall[] };
type TSession = {
  state: string;
  turns: TTurn[];
  pendingApproval: { id: string; userRouted: boolean; canDecide: boolean } | null;
};

const HTTP = "service.http";
const orgToken = () => acme().connections.http.token;
const callerToken = (marker: string) => `caller-${marker}-${"x".repeat(24)}`;

async function openSession(
  request: APIRequestContext,
  user: TWorldUser,
  agentId: string,
  message: string,
  callerCredentials?: unknown,
) {
  const body = await expectStatus(
    await request.post(`/api/v1/agents/${agentId}/sessions`, {
      headers: bearer(user.apiKey),
      data: { message, ...(callerCredentials ? { callerCredentials } : {}) },
    }),
    202,
  );
  return body as { sessionId: string; executionId: string };
}

async function readSession(request: APIRequestContext, user: TWorldUser, sessionId: string): Promise<TSession> {
  return (await expectStatus(
    await request.get(`/api/v1/agents/sessions/${sessionId}`, { headers: bearer(user.apiKey) }),
    200,
  )) as TSession;
}

/** Polls until the execution settles (completed/failed) or parks (suspended). */
async function settledTurn(
  request: APIRequestContext,
  user: TWorldUser,
  sessionId: string,
  executionId: string,
  until: string[] = ["completed", "failed"],
): Promise<{ session: TSession; turn: TTurn }> {
  let last: { session: TSession; turn: TTurn } | undefined;
  await expect
    .poll(
      async () => {
        const session = await readSession(request, user, sessionId);
        const turn = session.turns.find((candidate) => candidate.executionId === executionId)!;
        last = { session, turn };
        return turn?.status;
      },
      { timeout: 30_000, intervals: [200, 300, 500] },
    )
    .toMatch(new RegExp(`^(${until.join("|")})$`));
  return last!;
}

const headerValues = (entry: TReceivedRequest) => Object.values(entry.headers).join("\n");

test.describe("caller credentials at the integration (section 5)", () => {
  test("a caller token is sent as the caller's Bearer; without one the organization's connection is used", async ({
    request,
  }) => {
    const owner = acme().users.owner;
    const withCaller = uniqueMarker("cc");
    const token = callerToken(withCaller);
    const first = await openSession(request, owner, acme().agents.httpRead.id, withCaller, {
      integrations: { [HTTP]: { token } },
    });
    const { session, turn } = await settledTurn(request, owner, first.sessionId, first.executionId);
    const [sent] = await receivedRequests(withCaller);
    expect(sent?.path).toBe("/read");
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    // The service's own key never travels upstream, and the material never comes back.
    expect(JSON.stringify(sent)).not.toContain(owner.apiKey);
    expect(JSON.stringify(session)).not.toContain(token);
    expect(turn.toolCalls[0]).toMatchObject({ status: "succeeded" });

    const withoutCaller = uniqueMarker("co");
    const second = await openSession(request, owner, acme().agents.httpRead.id, withoutCaller);
    await settledTurn(request, owner, second.sessionId, second.executionId);
    const [fallback] = await receivedRequests(withoutCaller);
    expect(fallback?.headers.authorization).toBe(`Bearer ${orgToken()}`);
    expect(JSON.stringify(fallback)).not.toContain(owner.apiKey);
  });

  test("an empty entry behaves like omission: the organization's connection is used", async ({ request }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("ce");
    const opened = await openSession(request, owner, acme().agents.httpRead.id, marker, {
      integrations: { [HTTP]: {} },
    });
    await settledTurn(request, owner, opened.sessionId, opened.executionId);
    expect((await receivedRequests(marker))[0]?.headers.authorization).toBe(`Bearer ${orgToken()}`);
  });

  test("caller_required without material fails with CALLER_CREDENTIALS_REQUIRED and calls nothing", async ({
    request,
  }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("cr");
    const opened = await openSession(request, owner, acme().agents.callerRequired.id, marker, {
      integrations: { [HTTP]: { fallbackAllowed: true } },
    });
    const { turn } = await settledTurn(request, owner, opened.sessionId, opened.executionId);
    expect(turn.toolCalls).toEqual([
      expect.objectContaining({
        status: "failed",
        errorCode: "CALLER_CREDENTIALS_REQUIRED",
        errorMessage: expect.stringMatching(/caller_required/),
      }),
    ]);
    expect(await receivedRequests(marker)).toEqual([]);

    const supplied = uniqueMarker("cs");
    const token = callerToken(supplied);
    const ok = await openSession(request, owner, acme().agents.callerRequired.id, supplied, {
      integrations: { [HTTP]: { token } },
    });
    await settledTurn(request, owner, ok.sessionId, ok.executionId);
    const [sent] = await receivedRequests(supplied);
    expect(sent?.path).toBe("/caller");
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
  });

  test("fallbackAllowed:false without material fails the call instead of using the organization's credential", async ({
    request,
  }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("cf");
    const opened = await openSession(request, owner, acme().agents.httpRead.id, marker, {
      integrations: { [HTTP]: { fallbackAllowed: false } },
    });
    const { turn } = await settledTurn(request, owner, opened.sessionId, opened.executionId);
    expect(turn.toolCalls).toEqual([
      expect.objectContaining({
        status: "failed",
        errorCode: "CALLER_CREDENTIALS_REQUIRED",
        errorMessage: expect.stringMatching(/fallbackAllowed: false/),
      }),
    ]);
    expect(await receivedRequests(marker)).toEqual([]);
  });

  test("material keyed to another integration is never sent", async ({ request }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("ci");
    const foreign = callerToken(marker);
    const opened = await openSession(request, owner, acme().agents.httpRead.id, marker, {
      integrations: {
        "service.knowledge": { token: foreign },
        "acme.crm": { token: foreign, fields: { api_key: foreign } },
      },
    });
    await settledTurn(request, owner, opened.sessionId, opened.executionId);
    const [sent] = await receivedRequests(marker);
    expect(sent?.headers.authorization).toBe(`Bearer ${orgToken()}`);
    expect(JSON.stringify(sent)).not.toContain(foreign);
  });

  test("declared fields go in their header, undeclared field names are dropped", async ({ request }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("cd");
    const token = callerToken(marker);
    const opened = await openSession(request, owner, acme().agents.httpRead.id, marker, {
      integrations: { [HTTP]: { token, fields: { api_key: `key-${marker}`, client_secret: `undeclared-${marker}` } } },
    });
    await settledTurn(request, owner, opened.sessionId, opened.executionId);
    const [sent] = await receivedRequests(marker);
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent?.headers["x-api-key"]).toBe(`key-${marker}`);
    expect(headerValues(sent!)).not.toContain(`undeclared-${marker}`);
    expect(JSON.stringify(sent)).not.toContain("client_secret");
  });

  test("an upstream 401 of caller material is an ordinary failure: no retry with the organization's credential", async ({
    request,
  }) => {
    const owner = acme().users.owner;
    const marker = uniqueMarker("cu");
    await scriptReceiver(marker, 401, { error: "bad token" });
    const token = callerToken(marker);
    const opened = await openSession(request, owner, acme().agents.httpRead.id, marker, {
      integrations: { [HTTP]: { token } },
    });
    await settledTurn(request, owner, opened.sessionId, opened.executionId);
    const received = await receivedRequests(marker);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });
});

test.describe("approvals of calls that run on caller material", () => {
  test("are routed to the supplier only; approving with fresh callerCredentials replaces the grant", async ({
    request,
  }) => {
    const supplier = acme().users.operator;
    const owner = acme().users.owner;
    const marker = uniqueMarker("ca");
    const oldToken = `old-${callerToken(marker)}`;
    const freshToken = `fresh-${callerToken(marker)}`;
    const opened = await openSession(request, supplier, acme().agents.httpWrite.id, marker, {
      integrations: { [HTTP]: { token: oldToken } },
    });
    const { session } = await settledTurn(request, supplier, opened.sessionId, opened.executionId, ["suspended"]);
    expect(session.pendingApproval).toMatchObject({ userRouted: true, canDecide: true });
    expect((await readSession(request, owner, opened.sessionId)).pendingApproval).toMatchObject({
      userRouted: true,
      canDecide: false,
    });
    expect(await receivedRequests(marker)).toEqual([]);

    const approve = (user: TWorldUser, extra: Record<string, unknown> = {}) =>
      request.post(`/api/v1/agents/sessions/${opened.sessionId}/turn-approval`, {
        headers: bearer(user.apiKey),
        data: { decision: "approved", approvalId: session.pendingApproval!.id, ...extra },
      });
    await expectError(await approve(owner), 403, "FORBIDDEN");
    await expectStatus(
      await approve(supplier, { callerCredentials: { integrations: { [HTTP]: { token: freshToken } } } }),
      200,
    );

    await settledTurn(request, supplier, opened.sessionId, opened.executionId);
    const received = await receivedRequests(marker);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", path: "/write" });
    expect(received[0]?.headers.authorization).toBe(`Bearer ${freshToken}`);
    expect(JSON.stringify(received[0])).not.toContain(oldToken);
  });

  test("a call on the organization's credential is approved under the domain's policy", async ({ request }) => {
    const operator = acme().users.operator;
    const owner = acme().users.owner;
    const marker = uniqueMarker("cp");
    const opened = await openSession(request, operator, acme().agents.httpWrite.id, marker);
    const { session } = await settledTurn(request, operator, opened.sessionId, opened.executionId, ["suspended"]);
    expect(session.pendingApproval).toMatchObject({ userRouted: false });
    await expectStatus(
      await request.post(`/api/v1/agents/sessions/${opened.sessionId}/turn-approval`, {
        headers: bearer(owner.apiKey),
        data: { decision: "approved", approvalId: session.pendingApproval!.id },
      }),
      200,
    );
    await settledTurn(request, operator, opened.sessionId, opened.executionId);
    expect((await receivedRequests(marker))[0]?.headers.authorization).toBe(`Bearer ${orgToken()}`);
  });
});
