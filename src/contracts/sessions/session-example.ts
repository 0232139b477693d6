/**
 * A session as the API shows it in examples: what GET /agents/sessions/{id} and the partner's
 * support read (GET /support-sessions/{grantId}) both answer, without the caller's own flags.
 */
export const SESSION_TRANSCRIPT_EXAMPLE = {
  id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
  automationId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
  domainId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
  kind: "domain",
  origin: "api",
  title: "Support triage",
  outcome: "Drafted and sent the refund reply.",
  archived: false,
  revision: 1,
  testRun: false,
  state: "idle",
  pendingApproval: null,
  pendingApprovalId: null,
  messages: [
    {
      id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      role: "user",
      body: "Please draft a reply to the last customer email.",
      executionId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      createdAt: "2026-03-14T09:30:00.000Z",
      author: { userId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", name: "Jane Doe", isYou: false },
    },
  ],
  turns: [
    {
      executionId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      number: 1,
      status: "completed",
      errorCode: null,
      errorMessage: null,
      createdAt: "2026-03-14T09:30:00.000Z",
      finishedAt: "2026-03-14T09:31:12.000Z",
      usage: { inputTokens: 1840, outputTokens: 212, costUsd: 0.0041 },
      toolCalls: [
        {
          id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
          name: "email.send",
          status: "succeeded",
          args: { to: "jane@customer.example", subject: "Your refund" },
          result: { status: 200 },
          errorCode: null,
          errorMessage: null,
          decision: {
            decision: "approved",
            comment: "Looks right, send it.",
            decidedBy: { userId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f", name: "Jane Doe" },
            decidedAt: "2026-03-14T09:30:00.000Z",
          },
        },
      ],
    },
  ],
};
