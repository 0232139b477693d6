import { z } from "zod";

export const ZUuid = z.uuid({ message: "must be a UUID" });

export const ZIsoDateTime = z.iso.datetime({ offset: true }).meta({ description: "ISO-8601 timestamp." });

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from a URL path are unchecked strings; a malformed one names nothing (404, not 400). */
export function isUuid(value: string): boolean {
  return UUID_TEXT.test(value);
}
