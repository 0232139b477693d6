import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createCustomerClient, createPartnerClient } from "../src/index.js";
import { json, scriptedServer } from "./server.js";

const servers: Array<{ close: () => Promise<void> }> = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

test("events() follows next_cursor as `since` until it is null", async () => {
  const server = await scriptedServer([
    json(200, { items: [{ id: "e1" }, { id: "e2" }], next_cursor: "e2" }),
    json(200, { items: [{ id: "e3" }], next_cursor: null }),
  ]);
  servers.push(server);
  const client = createPartnerClient({ baseUrl: server.baseUrl, credential: "ykp_test" });
  const ids: string[] = [];
  for await (const event of client.events.items({ orgId: "o1", limit: 2 })) ids.push(event.id);
  assert.deepEqual(ids, ["e1", "e2", "e3"]);
  assert.deepEqual(
    server.requests.map((request) => request.url),
    ["/api/partner/v1/organizations/o1/events?limit=2", "/api/partner/v1/organizations/o1/events?since=e2&limit=2"],
  );
});

test("messagePages() pages back with `before`", async () => {
  const server = await scriptedServer([
    json(200, { items: [{ id: "m3" }], next_cursor: "m3" }),
    json(200, { items: [{ id: "m1" }, { id: "m2" }], next_cursor: null }),
  ]);
  servers.push(server);
  const client = createPartnerClient({ baseUrl: server.baseUrl, credential: "ykp_test" });
  const pages = [];
  for await (const page of client.messages.pages({ orgId: "o1", w: "w1" }))
    pages.push(page.items.map((item) => item.id));
  assert.deepEqual(pages, [["m3"], ["m1", "m2"]]);
  assert.equal(server.requests[1]!.url, "/api/partner/v1/organizations/o1/workers/w1/messages?before=m3");
});

test("webhookEvents.items() pages the customer event log back with `before` = nextCursor", async () => {
  const server = await scriptedServer([
    json(200, { items: [{ id: "e3" }, { id: "e2" }], nextCursor: "e2" }),
    json(200, { items: [{ id: "e1" }], nextCursor: null }),
  ]);
  servers.push(server);
  const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
  const ids: string[] = [];
  for await (const event of client.webhookEvents.items({ type: "turn.completed", limit: 2 })) ids.push(event.id);
  assert.deepEqual(ids, ["e3", "e2", "e1"]);
  assert.deepEqual(
    server.requests.map((request) => request.url),
    [
      "/api/v1/webhook-events?type=turn.completed&limit=2",
      "/api/v1/webhook-events?type=turn.completed&before=e2&limit=2",
    ],
  );
});

test("webhookEvents.pages() catches up forward with `after`", async () => {
  const server = await scriptedServer([
    json(200, { items: [{ id: "e2" }], nextCursor: "e2" }),
    json(200, { items: [], nextCursor: null }),
  ]);
  servers.push(server);
  const client = createCustomerClient({ baseUrl: server.baseUrl, credential: "yk_test" });
  const pages = [];
  for await (const page of client.webhookEvents.pages({ after: "e1", limit: 1 }))
    pages.push(page.items.map((item) => item.id));
  assert.deepEqual(pages, [["e2"], []]);
  assert.equal(server.requests[1]!.url, "/api/v1/webhook-events?after=e2&limit=1");
});
