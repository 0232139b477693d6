/**
 * Issue 14, "secrets never leave": what the service wrote to its output during an e2e run must
 * hold no key, token, password, cookie or configured secret. The scan never prints a secret: a
 * leak is reported by file line and kind only.
 */

export type TSecret = { kind: string; value: string };
export type TLeak = { line: number; kind: string };

/** Secrets recognisable by shape, whoever minted them (the logger masks these as `yk*_[redacted]`). */
const SHAPES: { kind: string; pattern: RegExp }[] = [
  { kind: "a key or token (yk_, yku_, ykp_, ykt_)", pattern: /\byk[upt]?_[0-9A-Za-z]{20,}/ },
  { kind: "a bearer credential", pattern: /\bBearer\s+(?!\[redacted\])[A-Za-z0-9._~+/-]{20,}/i },
];

// Field names whose values in the fixture world are secrets (apiKey, token, password, cookie...).
const SECRET_FIELD = /(key|token|secret|password|cookie)$/i;

/** Every secret string of a parsed fixture world, found by its field name. */
export function secretsOfWorld(world: unknown, path = "world"): TSecret[] {
  if (Array.isArray(world)) return world.flatMap((item, index) => secretsOfWorld(item, `${path}[${index}]`));
  if (!world || typeof world !== "object") return [];
  return Object.entries(world).flatMap(([name, value]) =>
    typeof value === "string"
      ? SECRET_FIELD.test(name) && value.length >= 8
        ? [{ kind: `${path}.${name}`, value }]
        : []
      : secretsOfWorld(value, `${path}.${name}`),
  );
}

/** The lines of `text` that hold a known secret or a secret-shaped string. */
export function findLeaks(text: string, known: TSecret[]): TLeak[] {
  const leaks: TLeak[] = [];
  text.split("\n").forEach((content, index) => {
    for (const secret of known) if (content.includes(secret.value)) leaks.push({ line: index + 1, kind: secret.kind });
    for (const shape of SHAPES) if (shape.pattern.test(content)) leaks.push({ line: index + 1, kind: shape.kind });
  });
  return leaks;
}
