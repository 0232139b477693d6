/**
 * Where a parsed JSON value holds the NUL character (U+0000) in a string or a key, or null.
 * PostgreSQL text cannot store it, so a body carrying one is refused with 400 before any route
 * runs rather than failing in the database (a 500 the fuzz found on a session message).
 */
export function nulCharacterPath(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = nulCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
