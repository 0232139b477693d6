import { describe, expect, it } from "vitest";
import { ZPolicy } from "@/contracts/assistant/policy";
import { parseIsoDuration } from "@/contracts/common/iso-duration";
import { approvalTtlMs, modeFor, policyOf } from "./resolve-policy";

describe("a worker's policy", () => {
  it("asks for every action when the worker has none", () => {
    const policy = policyOf(null);
    expect(modeFor(policy, "email.send")).toBe("ask");
    expect(modeFor(policy, "purchase")).toBe("ask");
    expect(approvalTtlMs(policy)).toBe(86_400_000);
  });

  it("lets a rule for the action's own class outrank `*`, whichever is stricter", () => {
    const policy = policyOf({
      rules: [
        { action: "*", mode: "never" },
        { action: "email.send", mode: "allow" },
      ],
      approval_ttl: "PT30M",
    });
    expect(modeFor(policy, "email.send")).toBe("allow");
    expect(modeFor(policy, "purchase")).toBe("never");
  });

  it("takes the strictest mode among rules of equal rank", () => {
    const policy = policyOf({
      rules: [
        { action: "email.send", mode: "allow" },
        { action: "email.send", mode: "ask" },
        { action: "*", mode: "allow" },
        { action: "*", mode: "never" },
      ],
      approval_ttl: "P1D",
    });
    expect(modeFor(policy, "email.send")).toBe("ask");
    expect(modeFor(policy, "calendar.write")).toBe("never");
  });

  it("asks for an action no rule names", () => {
    expect(
      modeFor(policyOf({ rules: [{ action: "purchase", mode: "allow" }], approval_ttl: "P1D" }), "inbox.tidy"),
    ).toBe("ask");
  });
});

describe("approval_ttl", () => {
  it("reads fixed-length ISO 8601 durations", () => {
    expect(parseIsoDuration("PT1M")).toBe(60_000);
    expect(parseIsoDuration("P1DT12H")).toBe(36 * 3_600_000);
    expect(parseIsoDuration("P2W")).toBe(14 * 86_400_000);
    expect(parseIsoDuration("PT1.5S")).toBe(1_500);
    for (const bad of ["P", "PT", "P1M", "P1Y", "1D", "P1H", "PT-1M", ""])
      expect(parseIsoDuration(bad), bad).toBeNull();
  });

  it("must lie between 1 minute and 30 days", () => {
    const ttl = (approval_ttl: string) => ZPolicy.safeParse({ rules: [], approval_ttl }).success;
    expect(ttl("PT1M")).toBe(true);
    expect(ttl("P30D")).toBe(true);
    expect(ttl("PT59S")).toBe(false);
    expect(ttl("P30DT1S")).toBe(false);
    expect(ttl("P1M")).toBe(false);
  });
});
