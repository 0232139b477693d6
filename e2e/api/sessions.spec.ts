import { expect, test, type APIRequestContext } from "@playwright/test";
import { acme, expectError, expectStatus, globex, mintUserToken, repeat } from "../support/api";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { bearer, cookieHeader, type TWorldUser } from "../support/world";

// Spec 4.2 against the running app (black box): open, message, read, approve, and the errors.

type TDetails = {
  state: string;
  pendingApprovalId: string | null;
  pendingApproval: { id: string; toolName: string; canDecide: boolean } | null;
  messages: Array<{ role: string; body: string; author: { userId: string; isYou: boolean } | null }>;
  turns: Array<{
    executionId: string;
    status: string;
    toolCalls: Array<{ name: string; status: string; errorCode: string | null }>;
  }>;
  canParticipate: boolean;
  canManage: boolean;
  readOnlyReason: string | null;
};

const users = () => acme().users;

async function open(
  request: APIRequestContext,
  user: TWorldUser,
  agentId: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const response = await request.post(`/api/v1/agents/${agentId}/sessions`, {
    headers: bearer(user.apiKey),
    data: { message, ...extra },
  });
  return (await expectStatus(response, 202)) as { sessionId: string; executionId: string };
}

async function read(request: APIRequestContext, user: TWorldUser, sessionId: string): Promise<TDetails> {
  return (await expectStatus(
    await request.get(`/api/v1/agents/sessions/${sessionId}`, { headers: bearer(user.apiKey) }),
    200,
  )) as TDetails;
}

/** Reads the session until its state is one of `states` (turns run in the background after 202). */
async function settle(
  request: APIRequestContext,
  user: TWorldUser,
  sessionId: string,
  states = ["idle", "failed", "suspended"],
): Promise<TDetails> {
  let details = await read(request, user, sessionId);
  await expect
    .poll(async () => (details = await read(request, user, sessionId)).state, { timeout: 20_000 })
    .toMatch(new RegExp(`^(${states.join("|")})$`));
  return details;
}

const approve = (request: APIRequestContext, user: TWorldUser, sessionId: string, data: Record<string, unknown>) =>
  request.post(`/api/v1/agents/sessions/${sessionId}/turn-approval`, { headers: bearer(user.apiKey), data });

test.describe("agent sessions (spec 4.2)", () => {
  test("open -> echo reply; transcript, authors and flags per caller", async ({ request }) => {
    const { sessionId, executionId } = await open(request, users().operator, acme().agents.echo.id, "  hello e2e  ");
    const details = await settle(request, users().operator, sessionId);
    expect(details.state).toBe("idle");
    expect(details.messages.map((m) => [m.role, m.body])).toEqual([
      ["user", "hello e2e"],
      ["assistant", "Echo: hello e2e"],
    ]);
    expect(details.messages[0]!.author).toMatchObject({ userId: users().operator.id, isYou: true });
    expect(details.turns).toEqual([expect.objectContaining({ executionId, status: "completed" })]);
    expect(details).toMatchObject({ canParticipate: true, canManage: true, readOnlyReason: null });

    const asViewer = await read(request, users().viewer, sessionId);
    expect(asViewer).toMatchObject({ canParticipate: false, canManage: false, readOnlyReason: "not_permitted" });
    expect(asViewer.messages[0]!.author!.isYou).toBe(false);
  });

  test("bounds and strict bodies", async ({ request }) => {
    const url = `/api/v1/agents/${acme().agents.echo.id}/sessions`;
    const headers = bearer(users().owner.apiKey);
    await expectError(await request.post(url, { headers, data: { message: "   " } }), 400, "VALIDATION");
    await expectError(await request.post(url, { headers, data: { message: repeat(8_001) } }), 400, "VALIDATION");
    await expectError(await request.post(url, { headers, data: { message: "hi", unknown: true } }), 400, "VALIDATION");
    await expectError(
      await request.post(url, {
        headers,
        data: { message: "hi", callerCredentials: { integrations: { "service.http": { token: "a\nb" } } } },
      }),
      400,
      "VALIDATION",
    );
    await expectStatus(await request.post(url, { headers, data: { message: repeat(8_000) } }), 202);
  });

  test("uniform 404 for unknown, other-org, unpublished, yku_ and invalid keys; 403 for a Viewer", async ({
    request,
  }) => {
    const owner = users().owner;
    for (const id of [crypto.randomUUID(), globex().agents.echo.id, acme().agents.draft.id]) {
      await expectError(
        await request.post(`/api/v1/agents/${id}/sessions`, { headers: bearer(owner.apiKey), data: { message: "x" } }),
        404,
        "NOT_FOUND",
      );
    }
    const echo = `/api/v1/agents/${acme().agents.echo.id}/sessions`;
    await expectError(
      await request.post(echo, { headers: bearer(await mintUserToken(request, owner)), data: { message: "x" } }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post(echo, { headers: bearer("yk_not-a-key"), data: { message: "x" } }),
      404,
      "NOT_FOUND",
    );
    await expectError(await request.post(echo, { data: { message: "x" } }), 404, "NOT_FOUND");
    await expectError(
      await request.post(echo, { headers: bearer(users().viewer.apiKey), data: { message: "x" } }),
      403,
      "FORBIDDEN",
    );

    const { sessionId } = await open(request, owner, acme().agents.echo.id, "visible to ops only");
    for (const outsider of [users().outsider, users().orgAdmin, globex().users.owner]) {
      await expectError(
        await request.get(`/api/v1/agents/sessions/${sessionId}`, { headers: bearer(outsider.apiKey) }),
        404,
        "NOT_FOUND",
      );
    }
  });

  test("messages: the owner and Operators+ drive, Viewers get SESSION_NOT_DRIVABLE", async ({ request }) => {
    const { sessionId } = await open(request, users().operator, acme().agents.echo.id, "first");
    await settle(request, users().operator, sessionId);
    const post = (user: TWorldUser, message: string) =>
      request.post(`/api/v1/agents/sessions/${sessionId}/messages`, {
        headers: bearer(user.apiKey),
        data: { message },
      });
    await expectError(await post(users().viewer, "no"), 403, "SESSION_NOT_DRIVABLE");
    await expectError(await post(users().outsider, "no"), 404, "NOT_FOUND");
    const { executionId } = (await expectStatus(await post(users().editor, "second"), 200)) as { executionId: string };
    const details = await settle(request, users().operator, sessionId, ["idle"]);
    expect(details.turns.map((turn) => turn.executionId)).toContain(executionId);
    expect(details.messages.slice(0, 4).map((m) => m.body)).toEqual(["first", "Echo: first", "second", "Echo: second"]);
  });

  test("HTTP tool through the receiver; caller-required refusal without material", async ({ request }) => {
    const marker = uniqueMarker();
    const { sessionId } = await open(request, users().operator, acme().agents.httpRead.id, marker);
    const details = await settle(request, users().operator, sessionId);
    expect(details.turns[0]!.toolCalls[0]).toMatchObject({ name: "service.http.get", status: "succeeded" });
    const [received] = await receivedRequests(marker);
    expect(received).toMatchObject({ method: "GET", path: "/read" });
    expect(received!.headers.authorization).toBe(`Bearer ${acme().connections.http.token}`);

    const refused = uniqueMarker();
    const caller = await open(request, users().operator, acme().agents.callerRequired.id, refused);
    const failed = await settle(request, users().operator, caller.sessionId);
    expect(failed.turns[0]!.toolCalls[0]).toMatchObject({ status: "failed", errorCode: "CALLER_CREDENTIALS_REQUIRED" });
    expect(await receivedRequests(refused)).toHaveLength(0);
  });

  test("approvals: one turn at a time, role checks, stale id, approve runs the write once, second decision conflicts", async ({
    request,
  }) => {
    const marker = uniqueMarker();
    const { sessionId } = await open(request, users().operator, acme().agents.httpWrite.id, marker);
    const suspended = await settle(request, users().operator, sessionId, ["suspended"]);
    const approvalId = suspended.pendingApprovalId!;
    expect(suspended.pendingApproval).toMatchObject({ id: approvalId, toolName: "service.http.post", canDecide: true });
    expect(await receivedRequests(marker)).toHaveLength(0);
    // A message while the turn waits for its approval is stored and queued behind it (no 409).
    const queued = await request.post(`/api/v1/agents/sessions/${sessionId}/messages`, {
      headers: bearer(users().operator.apiKey),
      data: { message: "meanwhile" },
    });
    const { executionId: followUp } = (await expectStatus(queued, 200)) as { executionId: string };
    expect(followUp).not.toBe(suspended.turns[0]!.executionId);

    await expectError(await approve(request, users().viewer, sessionId, { decision: "approved" }), 403, "FORBIDDEN");
    await expectError(
      await approve(request, globex().users.owner, sessionId, { decision: "approved" }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await approve(request, users().operator, sessionId, { decision: "approved", approvalId: crypto.randomUUID() }),
      409,
      "CONFLICT",
    );
    await expectError(
      await approve(request, users().operator, sessionId, { decision: "approved", comment: repeat(2_001) }),
      400,
      "VALIDATION",
    );
    const body = await expectStatus(
      await approve(request, users().operator, sessionId, { decision: "approved", approvalId, comment: "ok" }),
      200,
    );
    expect(body).toEqual({ ok: true, approvalId, decision: "approved" });
    await expectError(
      await approve(request, users().editor, sessionId, { decision: "rejected", approvalId }),
      409,
      "CONFLICT",
    );

    // The decision settles the first turn; then the queued follow-up runs and asks for its own write.
    let done = suspended;
    await expect
      .poll(async () => (done = await read(request, users().operator, sessionId)).pendingApprovalId ?? "", {
        timeout: 20_000,
      })
      .not.toMatch(new RegExp(`^(${approvalId})?$`));
    expect(done.state).toBe("suspended");
    expect(done.turns.map((turn) => turn.executionId)).toContain(followUp);
    expect(done.turns[0]!.toolCalls[0]).toMatchObject({ status: "succeeded" });
    const writes = await receivedRequests(marker);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/write" });
  });

  test("rejection through the console cookie route: the model is told and answers", async ({ request }) => {
    const marker = uniqueMarker();
    const { sessionId } = await open(request, users().editor, acme().agents.httpWrite.id, marker);
    await settle(request, users().editor, sessionId, ["suspended"]);
    const url = `/api/v1/sessions/${sessionId}/turn-approval`;
    await expectError(await request.post(url, { data: { decision: "rejected" } }), 401, "UNAUTHORIZED");
    await expectError(
      await request.post(url, { headers: cookieHeader(users().viewer), data: { decision: "rejected" } }),
      403,
      "FORBIDDEN",
    );
    const body = await expectStatus(
      await request.post(url, {
        headers: cookieHeader(users().owner),
        data: { decision: "rejected", comment: "not now" },
      }),
      200,
    );
    expect(body).toMatchObject({ ok: true, decision: "rejected" });
    const done = await settle(request, users().editor, sessionId, ["idle"]);
    expect(done.turns[0]!.toolCalls[0]).toMatchObject({ status: "rejected" });
    expect(done.messages.at(-1)!.body).toContain("not now");
    expect(await receivedRequests(marker)).toHaveLength(0);
  });
});
