import { describe, expect, it } from "vitest";
import { blockedAddressReason, isAllowedHost } from "./address-guard";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", /loopback/],
    ["127.255.0.9", /loopback/],
    ["10.1.2.3", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["169.254.169.254", /link-local/],
    ["100.64.0.1", /carrier-grade/],
    ["100.127.255.254", /carrier-grade/],
    ["0.0.0.0", /unspecified/],
    ["0.1.2.3", /unspecified/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["240.0.0.1", /reserved/],
    ["255.255.255.255", /reserved/],
    ["192.0.2.5", /documentation/],
    ["198.18.0.1", /benchmarking/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["0:0:0:0:0:0:0:1", /loopback/],
    ["fc00::1", /unique-local/],
    ["fd12:3456::1", /unique-local/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback address \(embedded/],
    ["::ffff:7f00:1", /loopback address \(embedded/],
    ["::ffff:10.0.0.1", /private address \(embedded/],
    ["::ffff:169.254.169.254", /link-local/],
    ["64:ff9b::a9fe:a9fe", /link-local/],
    ["2002:c0a8:0101::1", /private address \(embedded/],
    ["::127.0.0.1", /IPv4-compatible/],
    ["2001:db8::1", /documentation|reserved/],
    ["not-an-ip", /not an IP/],
  ])("refuses %s", (address, reason) => {
    expect(blockedAddressReason(address)).toMatch(reason);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe("isAllowedHost", () => {
  const allowed = ["127.0.0.1:4010", "internal.test", "[::1]:8080", "fd00::5"];
  it("matches host:port entries only on that port", () => {
    expect(isAllowedHost("127.0.0.1", 4010, allowed)).toBe(true);
    expect(isAllowedHost("127.0.0.1", 4011, allowed)).toBe(false);
  });
  it("matches bare host entries on any port, case-insensitively", () => {
    expect(isAllowedHost("INTERNAL.test", 443, allowed)).toBe(true);
    expect(isAllowedHost("other.test", 443, allowed)).toBe(false);
  });
  it("understands IPv6 entries with and without a port", () => {
    expect(isAllowedHost("[::1]", 8080, allowed)).toBe(true);
    expect(isAllowedHost("::1", 8081, allowed)).toBe(false);
    expect(isAllowedHost("fd00::5", 1, allowed)).toBe(true);
  });
  it("matches by name, never by resolved address", () => {
    expect(isAllowedHost("localhost", 4010, allowed)).toBe(false);
  });
});
