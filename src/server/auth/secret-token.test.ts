import { describe, expect, it } from "vitest";
import { bearerFrom, hashSecret, mintSecret, parseSecret, secretMatches, TOKEN_PREFIXES } from "./secret-token";

describe("secret tokens", () => {
  it.each(Object.entries(TOKEN_PREFIXES))(
    "mints %s secrets with their prefix, a lookup prefix and a hash",
    (kind, prefix) => {
      const minted = mintSecret(kind as keyof typeof TOKEN_PREFIXES);
      expect(minted.token.startsWith(prefix)).toBe(true);
      expect(minted.token.startsWith(minted.prefix)).toBe(true);
      expect(minted.secretHash).toBe(hashSecret(minted.token));
      expect(minted.secretHash).not.toContain(minted.token.slice(prefix.length));
      expect(parseSecret(minted.token)).toEqual({ kind, prefix: minted.prefix });
    },
  );

  it("never mints the same secret twice", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => mintSecret("api_key").token));
    expect(tokens.size).toBe(200);
  });

  it("tells yk_ from yku_ and refuses malformed or truncated tokens", () => {
    const key = mintSecret("api_key").token;
    const userToken = mintSecret("user_token").token;
    expect(parseSecret(key)?.kind).toBe("api_key");
    expect(parseSecret(userToken)?.kind).toBe("user_token");
    expect(parseSecret(key.slice(0, -1))).toBeNull();
    expect(parseSecret(`${key}x`)).toBeNull();
    expect(parseSecret("yk_!!!")).toBeNull();
    expect(parseSecret("Bearer")).toBeNull();
  });

  it("matches only the exact secret", () => {
    const { token, secretHash } = mintSecret("partner_key");
    expect(secretMatches(token, secretHash)).toBe(true);
    const tampered = token.slice(0, -1) + (token.endsWith("a") ? "b" : "a");
    expect(secretMatches(tampered, secretHash)).toBe(false);
    expect(secretMatches(token, "not-hex")).toBe(false);
  });

  it("reads only the Bearer form of the Authorization header", () => {
    expect(bearerFrom(new Headers({ authorization: "Bearer abc" }))).toBe("abc");
    expect(bearerFrom(new Headers({ authorization: "bearer abc" }))).toBe("abc");
    expect(bearerFrom(new Headers({ authorization: "Basic abc" }))).toBeNull();
    expect(bearerFrom(new Headers({ authorization: "Bearer a b" }))).toBeNull();
    expect(bearerFrom(new Headers())).toBeNull();
  });
});
