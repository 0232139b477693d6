import { describe, expect, it } from "vitest";
import { publicBaseUrl } from "@/server/env";
import { foreignOriginRefusal, requestOriginOf } from "./same-origin";

const OWN = new URL(publicBaseUrl()).origin;
const EVIL = "https://evil.example";

describe("foreignOriginRefusal (the CSRF rule)", () => {
  const rule = (origin: string | null, secFetchSite: string | null = null, requestOrigin: string | null = OWN) =>
    foreignOriginRefusal({ origin, secFetchSite, requestOrigin });

  it("lets through the service's own origin, the request's own host, and requests without browser headers", () => {
    expect(rule(OWN)).toBeNull();
    expect(rule("http://localhost:3999", null, "http://localhost:3999")).toBeNull();
    expect(rule(null)).toBeNull();
    expect(rule(OWN, "same-origin")).toBeNull();
    expect(rule(null, "none")).toBeNull();
  });

  it("refuses another origin, the opaque null origin and another scheme or port of the same host", () => {
    expect(rule(EVIL)).toMatch(/requested from "https:\/\/evil.example".*PUBLIC_BASE_URL/);
    expect(rule("null")).not.toBeNull();
    expect(rule(OWN.replace(/^http:/, "https:"))).not.toBeNull();
    expect(rule("http://127.0.0.1:1")).not.toBeNull();
  });

  it("refuses cross-site and same-site fetches even without an Origin header", () => {
    expect(rule(null, "cross-site")).toMatch(/another site \(Sec-Fetch-Site: cross-site\)/);
    expect(rule(null, "same-site")).not.toBeNull();
    expect(rule(OWN, "Cross-Site")).not.toBeNull();
  });

  it("reads the request's origin from its URL scheme and Host header", () => {
    const read = requestOriginOf(
      new Headers({ host: "console.example:8443", origin: EVIL, "sec-fetch-site": "cross-site" }),
      "https://internal/api/trpc",
    );
    expect(read).toEqual({ origin: EVIL, secFetchSite: "cross-site", requestOrigin: "https://console.example:8443" });
    expect(requestOriginOf(new Headers(), "http://127.0.0.1:3000/api/trpc").requestOrigin).toBe(
      "http://127.0.0.1:3000",
    );
  });
});
