import { expect, test } from "@playwright/test";

test("GET /api/health reports the database and the queue", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = (await response.json()) as {
    status: string;
    database: Record<string, unknown>;
    queue: Record<string, unknown>;
  };
  const kind = process.env.E2E_DATABASE_URL ? "postgres" : "pglite";
  expect(body).toMatchObject({ status: "ok", database: { ok: true, kind }, queue: { state: "running" } });
  expect(body.database.error).toBeUndefined();
  expect(body.queue.error).toBeUndefined();
});
