import { describe, expect, it } from "vitest";
import { findLeaks, secretsOfWorld } from "../e2e/support/secret-scan";

// The e2e run's output scan (e2e/global-setup.ts) is only as good as this finder: it must catch
// what a leak looks like and pass what the logger writes instead.

const KEY = "yk_Abcdefghijkl0123456789012345678901234567890123456789";

describe("the e2e output's secret scan", () => {
  it("finds the fixture world's secrets by field name, at any depth", () => {
    const secrets = secretsOfWorld({
      orgs: { acme: { users: { owner: { id: "u1", apiKey: KEY, password: "correct-horse", email: "o@acme.test" } } } },
      partner: { keys: [{ token: "ykp_0123456789abcdef" }] },
    });
    expect(secrets.map((secret) => secret.kind)).toEqual([
      "world.orgs.acme.users.owner.apiKey",
      "world.orgs.acme.users.owner.password",
      "world.partner.keys[0].token",
    ]);
  });

  it("reports the line and kind of a known secret or a secret-shaped string, never the secret", () => {
    const text = [
      '{"msg":"ok"}',
      '{"msg":"sign-in","password":"correct-horse"}',
      `{"error":"bad key ${KEY}"}`,
      "authorization: Bearer abcdefghijklmnopqrstuvwxyz0123",
    ].join("\n");
    const leaks = findLeaks(text, [{ kind: "world.password", value: "correct-horse" }]);
    expect(leaks).toEqual([
      { line: 2, kind: "world.password" },
      { line: 3, kind: "a key or token (yk_, yku_, ykp_, ykt_)" },
      { line: 4, kind: "a bearer credential" },
    ]);
    expect(JSON.stringify(leaks)).not.toContain("correct-horse");
  });

  it("passes what the logger writes instead: masked tokens and redacted fields", () => {
    const text = [
      '{"msg":"refused","token":"[redacted]","detail":"key yk*_[redacted]"}',
      '{"authorization":"Bearer [redacted]"}',
    ].join("\n");
    expect(findLeaks(text, [])).toEqual([]);
  });
});
