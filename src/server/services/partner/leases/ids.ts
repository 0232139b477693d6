const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids are free text on the wire: anything that is not a UUID names nothing (404, not 400). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
