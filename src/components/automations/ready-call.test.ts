import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_PATTERN } from "@/contracts/common/patterns";
import { exampleFlowInput } from "@/contracts/triggers/fire-trigger";
import { agentCurl, agentSdk, callerTokenPlaceholder, flowCurl, flowSdk, SHELL_IDEMPOTENCY_KEY } from "./ready-call";

const id = "0b7c2b1e-4f43-4b7a-9a34-5b6b0d3c2e11";

/** The JSON body of a ready curl (what follows `-d`, between the single quotes). */
const bodyOf = (curl: string) => JSON.parse(/-d '([\s\S]*)'$/.exec(curl)![1]!) as Record<string, unknown>;

describe("ready calls", () => {
  it("sends only the message to an agent that needs no caller credentials", () => {
    const curl = agentCurl("https://x.example", id);
    expect(curl).toContain(`https://x.example/api/v1/agents/${id}/sessions`);
    expect(bodyOf(curl)).toEqual({ message: "Hello" });
    expect(agentSdk("https://x.example", id)).toContain(
      `client.sessions.open({ automationId: "${id}", message: "Hello" })`,
    );
  });

  it("carries callerCredentials with a placeholder per caller_required integration (spec 2's shape)", () => {
    const curl = agentCurl("https://x.example", id, ["service.http", "acme.crm"]);
    expect(bodyOf(curl)).toEqual({
      message: "Hello",
      callerCredentials: {
        integrations: {
          "service.http": { token: callerTokenPlaceholder("service.http") },
          "acme.crm": { token: callerTokenPlaceholder("acme.crm") },
        },
      },
    });
    // The body sits in single quotes in the shell: nothing in it may close them.
    expect(/-d '([\s\S]*)'$/.exec(curl)![1]).not.toContain("'");
    expect(agentSdk("https://x.example", id, ["service.http"])).toContain(
      `callerCredentials: {"integrations":{"service.http":{"token":"${callerTokenPlaceholder("service.http")}"}}}`,
    );
  });
});

describe("a flow's ready call", () => {
  const schema = {
    type: "object",
    properties: {
      note: { type: "string" },
      orderId: { type: "string", minLength: 20 },
      quantity: { type: "integer", minimum: 2 },
      kind: { enum: ["standard", "express"] },
      tags: { type: "array", items: { type: "string" } },
      address: { type: "object", properties: { city: { type: "string", default: "Lyon" } } },
      who: { type: "string", format: "email" },
    },
    required: ["orderId", "quantity"],
  };

  it("prefills the input from the flow's declared inputs: required first, an example of each type", () => {
    expect(exampleFlowInput(schema)).toEqual({
      orderId: "example orderIdxxxxx",
      quantity: 2,
      note: "example note",
      kind: "standard",
      tags: ["example tags"],
      address: { city: "Lyon" },
      who: "someone@example.com",
    });
    expect(Object.keys(exampleFlowInput(schema)).slice(0, 2)).toEqual(["orderId", "quantity"]);
    expect(exampleFlowInput({ type: "object" })).toEqual({});
    expect(exampleFlowInput(null)).toEqual({});
  });

  it("sends that input, and an Idempotency-Key made by the shell without uuidgen", () => {
    const input = exampleFlowInput(schema);
    const curl = flowCurl("https://x.example", id, input);
    expect(curl).not.toContain("uuidgen");
    expect(curl).toContain(`-H "Idempotency-Key: ready-$(date +%s)-$RANDOM"`);
    expect(bodyOf(curl)).toEqual({ triggerId: id, input });
    // Whatever a shell makes of the key, it stays within the key's alphabet.
    const expanded = SHELL_IDEMPOTENCY_KEY.replace("$(date +%s)", "1764950000").replace("$RANDOM", "");
    expect(expanded).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(flowSdk("https://x.example", id, input)).toContain(
      `client.triggers.fire({ triggerId: "${id}", input: ${JSON.stringify(input)} })`,
    );
  });

  it("keeps a quote in an example inside the single-quoted shell body", () => {
    const curl = flowCurl("https://x.example", id, { note: "it's" });
    expect(curl).toContain(`"input": {"note":"it'\\''s"}}'`);
  });
});
