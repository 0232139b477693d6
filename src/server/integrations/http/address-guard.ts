import { isIP } from "node:net";

/**
 * Which resolved addresses an outbound tool call may reach. Everything that is not a
 * globally routable unicast address is refused: loopback, private, link-local (cloud
 * metadata lives at 169.254.169.254), CGNAT, multicast, reserved and documentation ranges,
 * and IPv6 forms that embed such an IPv4 address.
 */
type TRange = { base: bigint; bits: number; reason: string };

const V4_RANGES: ReadonlyArray<[string, number, string]> = [
  ["0.0.0.0", 8, "an unspecified/'this network' address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a carrier-grade NAT address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address (cloud metadata)"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved protocol address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.88.99.0", 24, "a reserved relay address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

const V6_RANGES: ReadonlyArray<[string, number, string]> = [
  ["::", 128, "the unspecified address"],
  ["::1", 128, "a loopback address"],
  ["::", 96, "a deprecated IPv4-compatible address"],
  ["64:ff9b:1::", 48, "a local NAT64 address"],
  ["100::", 64, "a discard-only address"],
  ["2001::", 23, "a reserved protocol address"],
  ["2001:db8::", 32, "a documentation address"],
  ["fc00::", 7, "a unique-local (private) address"],
  ["fe80::", 10, "a link-local address"],
  ["fec0::", 10, "a site-local address"],
  ["ff00::", 8, "a multicast address"],
];

function v4ToBigInt(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** Expands any textual IPv6 form (with "::", an embedded dotted IPv4 or a zone) to 128 bits. */
function v6ToBigInt(input: string): bigint {
  let address = input.replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = v4ToBigInt(dotted[1]!);
    address = `${address.slice(0, dotted.index)}${((v4 >> 16n) & 0xffffn).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || "0", 16)), 0n);
}

const compile = (ranges: ReadonlyArray<[string, number, string]>, parse: (a: string) => bigint): TRange[] =>
  ranges.map(([base, bits, reason]) => ({ base: parse(base), bits, reason }));

const V4 = compile(V4_RANGES, v4ToBigInt);
const V6 = compile(V6_RANGES, v6ToBigInt);

function matchRange(value: bigint, width: number, ranges: TRange[]): string | null {
  for (const range of ranges) {
    const shift = BigInt(width - range.bits);
    if (value >> shift === range.base >> shift) return range.reason;
  }
  return null;
}

/** Why an address may not be contacted, or null when it is a public unicast address. */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) return matchRange(v4ToBigInt(address), 32, V4);
  if (family !== 6) return "not an IP address";
  const value = v6ToBigInt(address);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96)
  // and 6to4 (2002::/16) carry an IPv4
  // address that the packet really reaches; judge that address.
  const embedded =
    value >> 32n === 0xffffn || value >> 32n === 0xffff0000n || value >> 32n === v6ToBigInt("64:ff9b::") >> 32n
      ? value & 0xffffffffn
      : value >> 112n === 0x2002n
        ? (value >> 80n) & 0xffffffffn
        : null;
  if (embedded !== null) {
    const reason = matchRange(embedded, 32, V4);
    return reason ? `${reason} (embedded in IPv6)` : null;
  }
  return matchRange(value, 128, V6);
}

/**
 * Names that must never leave the machine, refused before any lookup: `localhost` and every
 * `*.localhost` name are loopback by definition (RFC 6761), whatever a resolver answers.
 */
export function blockedHostnameReason(hostname: string): string | null {
  const host = hostname.replace(/\.$/, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") ? "a loopback name (RFC 6761)" : null;
}

/** host or host:port entries (lower-case) that are exempt from the address refusal. */
export function isAllowedHost(hostname: string, port: number, allowedHosts: readonly string[]): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return allowedHosts.some((entry) => {
    const normalized = entry.trim().toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(normalized);
    if (bracketed) return bracketed[1] === host && (!bracketed[2] || Number(bracketed[2]) === port);
    const colon = normalized.lastIndexOf(":");
    // "host:port" unless the entry is a bare IPv6 address (several colons).
    if (colon > 0 && normalized.indexOf(":") === colon) {
      return normalized.slice(0, colon) === host && Number(normalized.slice(colon + 1)) === port;
    }
    return normalized === host;
  });
}
