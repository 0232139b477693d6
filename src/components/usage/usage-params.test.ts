import { describe, expect, it } from "vitest";
import { filtersFromParams, searchOfFilters } from "./usage-params";

const defaults = { from: "2026-10-26", to: "2026-11-24" };
const id = "0b7c2b1e-4f43-4b7a-9a34-5b6b0d3c2e11";

describe("usage filters in the URL", () => {
  it("round-trips every filter through the search string", () => {
    const filters = {
      from: "2026-11-01",
      to: "2026-11-10",
      kind: "agent" as const,
      automationId: id,
      outcome: "failed" as const,
    };
    const search = searchOfFilters(filters, defaults);
    expect(filtersFromParams(new URLSearchParams(search), defaults)).toEqual(filters);
  });

  it("leaves the defaults out, so a plain link means the last 30 days", () => {
    expect(searchOfFilters({ ...defaults, kind: "", automationId: "", outcome: "" }, defaults)).toBe("");
    expect(filtersFromParams({}, defaults)).toEqual({ ...defaults, kind: "", automationId: "", outcome: "" });
  });

  it("ignores values the page does not offer", () => {
    const params = {
      from: "yesterday",
      to: ["2026-11-02", "2026-11-03"],
      kind: "robot",
      automationId: "1 OR 1=1",
      outcome: "exploded",
    };
    expect(filtersFromParams(params, defaults)).toEqual({
      from: defaults.from,
      to: "2026-11-02",
      kind: "",
      automationId: "",
      outcome: "",
    });
  });
});
