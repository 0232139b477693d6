import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";
import { createConnection } from "@/server/services/connections/create-connection";
import { openApiDocument } from "@/server/trpc/openapi-document";

// Every mutating tenant call takes Idempotency-Key (issue 40), also those that set a value,
// delete or link (the door's own claim, services/partner/tenant/keyed-call.ts).

let w: TTenantWorld;

beforeAll(async () => {
  w = await tenantWorld();
});

type TOperation = { operationId?: string; parameters?: Array<{ in: string; name: string }> };

describe("Idempotency-Key on every mutating tenant route", () => {
  it("is declared by every tenant operation that changes something", () => {
    const paths = (openApiDocument("partner-v1") as unknown as { paths: Record<string, Record<string, TOperation>> })
      .paths;
    const mutating = Object.values(paths).flatMap((operations) =>
      Object.entries(operations)
        .filter(([method, operation]) => method !== "get" && operation.operationId?.startsWith("tenant-"))
        .map(([method, operation]) => ({ id: `${method} ${operation.operationId}`, operation })),
    );
    expect(mutating.length).toBeGreaterThan(20);
    const without = mutating.filter(
      ({ operation }) =>
        !operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key"),
    );
    expect(without.map(({ id }) => id)).toEqual([]);
  });

  it("replays a settings change under its key, and refuses the key for another body", async () => {
    const key = `rename-${randomUUID()}`;
    const rename = (name: string) =>
      w.tenant("PATCH", "/settings", { body: { name }, headers: { "idempotency-key": key } });
    const first = await rename("Bakery North");
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    const replay = await rename("Bakery North");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const reused = await rename("Bakery South");
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const organization = await db().organization.findUniqueOrThrow({ where: { id: w.orgId } });
    expect(organization.name).toBe("Bakery North");
  });

  it("answers a retried delete with its first answer, not a 404", async () => {
    const { connection } = await createConnection(w.ownerActor, {
      domainId: w.domain.id,
      integrationId: "service.http",
      name: "Short-lived",
      token: `tok-${randomUUID()}`,
    });
    const remove = () =>
      w.tenant("DELETE", `/connections/${connection.id}`, {
        headers: { "idempotency-key": `delete-${connection.id}` },
      });
    const first = await remove();
    expect(first.status).toBe(200);
    const retried = await remove();
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotency-replayed")).toBe("true");
    expect(retried.body).toEqual(first.body);
    // Without a key, a second delete is the plain 404.
    expect((await w.tenant("DELETE", `/connections/${connection.id}`)).status).toBe(404);
  });
});
