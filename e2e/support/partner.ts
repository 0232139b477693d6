import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { bearer, world } from "./world";

/** The fixture world's partner keys (FIXTURES.md "partner"). */
export const partner = () => world().partner;

export const uniqueSegment = (label = "e2e") => `${label}-${randomUUID().slice(0, 8)}`;

export function provisioningBody(overrides: Record<string, unknown> = {}) {
  return {
    clientName: "Bakery Ltd",
    clientSegment: uniqueSegment(),
    directLoginDisabled: false,
    ownerName: "Olga Owner",
    domainName: "Front desk",
    ...overrides,
  };
}

/** POST /api/partner/v1/organizations with a partner key and (unless null) an Idempotency-Key. */
export function provisionOrganization(
  request: APIRequestContext,
  body: unknown,
  options: { key?: string; idempotencyKey?: string | null } = {},
) {
  const idempotencyKey = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
  return request.post("/api/partner/v1/organizations", {
    headers: {
      ...bearer(options.key ?? partner().key),
      ...(idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    data: body,
  });
}
