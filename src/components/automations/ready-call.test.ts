import { describe, expect, it } from "vitest";
import { agentCurl, agentSdk, callerTokenPlaceholder } from "./ready-call";

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
