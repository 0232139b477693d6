import { describe, expect, it } from "vitest";
import { SESSION_TITLE_MAX, sessionTitle } from "./session-title";

describe("sessionTitle (the one title rule of new sessions)", () => {
  it("takes the given title, trimmed, over the message", () => {
    expect(sessionTitle({ title: "  Run of Billing  ", message: "{}" })).toBe("Run of Billing");
  });

  it("falls back to the message's first line, after the prefix when there is one", () => {
    expect(sessionTitle({ message: "  Refund order 42 \nsecond line" })).toBe("Refund order 42");
    expect(sessionTitle({ titlePrefix: "Nightly", message: "check\r\nthe rest" })).toBe("Nightly: check");
    expect(sessionTitle({ title: "   ", titlePrefix: "Flow step ask", message: "hello" })).toBe("Flow step ask: hello");
  });

  it("cuts long titles to the maximum with an ellipsis", () => {
    const title = sessionTitle({ titlePrefix: "Trigger", message: "x".repeat(500) });
    expect(title).toHaveLength(SESSION_TITLE_MAX);
    expect(title.endsWith("…")).toBe(true);
    expect(sessionTitle({ message: "y".repeat(SESSION_TITLE_MAX) })).toBe("y".repeat(SESSION_TITLE_MAX));
  });
});
