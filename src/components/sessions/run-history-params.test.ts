import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "./run-history-filters";
import { runFiltersFromParams, searchOfRunFilters } from "./run-history-params";

const DOMAIN = "11111111-1111-4111-8111-111111111111";
const AGENT = "22222222-2222-4222-8222-222222222222";

describe("run history filters in the URL", () => {
  it("round-trips every filter and the search through the query string", () => {
    const filters = {
      q: "refund 4711",
      domainId: DOMAIN,
      automationId: AGENT,
      automationKind: "agent" as const,
      outcome: "failed" as const,
      origin: "trigger" as const,
      status: "all" as const,
    };
    const search = searchOfRunFilters(filters);
    expect(search).toBe(
      `?q=refund+4711&domainId=${DOMAIN}&automationId=${AGENT}&kind=agent&outcome=failed&origin=trigger&show=all`,
    );
    expect(runFiltersFromParams(new URLSearchParams(search))).toEqual(filters);
  });

  it("keeps a plain link plain and ignores values the page does not offer", () => {
    expect(searchOfRunFilters(NO_FILTERS)).toBe("");
    expect(runFiltersFromParams({})).toEqual(NO_FILTERS);
    expect(
      runFiltersFromParams(
        new URLSearchParams({ domainId: "x", automationId: AGENT, kind: "robot", outcome: "great", show: "some" }),
      ),
    ).toEqual(NO_FILTERS);
    expect(runFiltersFromParams({ q: ["  spaced  ", "second"] }).q).toBe("spaced");
  });
});
