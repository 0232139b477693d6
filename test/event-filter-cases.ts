import type { TEventFilter } from "@/contracts/triggers/trigger";

// Event filters (decisions.md, "Filter semantics") and whether each event fires: the ingress route
// test delivers every case through the real route.

export const EVENT_FILTER_CASES: Array<[name: string, filter: TEventFilter, event: unknown, fires: boolean]> = [
  [
    "payload equals",
    { field: "payload.status", operator: "equals", value: "paid" },
    { payload: { status: "paid" } },
    true,
  ],
  [
    "payload equals (other value)",
    { field: "payload.status", operator: "equals", value: "paid" },
    { payload: { status: "open" } },
    false,
  ],
  ["payload equals (absent)", { field: "payload.status", operator: "equals", value: "paid" }, { payload: {} }, false],
  [
    "not-equals (absent field)",
    { field: "payload.status", operator: "not-equals", value: "paid" },
    { payload: {} },
    true,
  ],
  [
    "not-equals (same value)",
    { field: "payload.status", operator: "not-equals", value: "paid" },
    { payload: { status: "paid" } },
    false,
  ],
  [
    "number >",
    { field: "payload.order.total", operator: ">", value: 100 },
    { payload: { order: { total: 250 } } },
    true,
  ],
  [
    "number > (smaller)",
    { field: "payload.order.total", operator: ">", value: 100 },
    { payload: { order: { total: 99.5 } } },
    false,
  ],
  [
    "number > (text is not a number)",
    { field: "payload.order.total", operator: ">", value: 100 },
    { payload: { order: { total: "250" } } },
    false,
  ],
  [
    "occurredAt <",
    { field: "occurredAt", operator: "<", value: "2026-01-01T00:00:00Z" },
    { payload: {}, occurredAt: "2025-12-31T23:00:00Z" },
    true,
  ],
  [
    "occurredAt equals across offsets",
    { field: "occurredAt", operator: "equals", value: "2026-01-01T00:00:00Z" },
    { payload: {}, occurredAt: "2026-01-01T01:00:00+01:00" },
    true,
  ],
  [
    "actor contains",
    { field: "actor.email", operator: "contains", value: "@example.com" },
    { actor: { email: "ada@example.com" }, payload: {} },
    true,
  ],
  [
    "actor contains (no actor)",
    { field: "actor.email", operator: "contains", value: "@example.com" },
    { payload: {} },
    false,
  ],
  [
    "list contains",
    { field: "payload.tags", operator: "contains", value: "vip" },
    { payload: { tags: ["new", "vip"] } },
    true,
  ],
  ["boolean equals", { field: "payload.urgent", operator: "equals", value: true }, { payload: { urgent: true } }, true],
];
