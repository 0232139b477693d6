import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "@/server/env";
import { Admission, KEPT_WHEN_BUSY } from "./admission";

// What decides whether the engine takes more work: the in-flight bound, and a lagging event loop
// (CPU), which lowers the bound to a few executions but never to none, so the engine of a web
// process keeps completing accepted work while requests arrive.

const admissions: Admission[] = [];
const admission = (maxInFlight: number) => {
  const made = new Admission(maxInFlight);
  admissions.push(made);
  return made;
};
const lagging = (made: Admission, ms: number) => vi.spyOn(made, "loopDelayMs", "get").mockReturnValue(ms);
const startMany = (made: Admission, count: number) => Array.from({ length: count }, () => made.started());

afterEach(() => {
  for (const made of admissions.splice(0)) made.close();
  vi.restoreAllMocks();
});

describe("admission", () => {
  it("takes work up to the in-flight bound while the loop keeps up", () => {
    const made = admission(100);
    lagging(made, 0);
    expect(made.room()).toBe(100);
    startMany(made, 60);
    expect(made.room()).toBe(40);
    made.finished();
    expect(made.room()).toBe(41);
  });

  it("while the loop lags, still runs a few executions (never none), and says it is pressured past them", () => {
    const made = admission(100);
    lagging(made, env.ENGINE_MAX_LOOP_DELAY_MS + 1);
    expect(made.room()).toBe(KEPT_WHEN_BUSY);
    startMany(made, KEPT_WHEN_BUSY - 2);
    expect(made.room()).toBe(2);
    startMany(made, 2);
    expect(made.room()).toBe(0);
    expect(made.pressured).toBe(true);
  });

  it("never passes a bound lower than the busy floor", () => {
    const made = admission(4);
    lagging(made, env.ENGINE_MAX_LOOP_DELAY_MS + 1);
    expect(made.room()).toBe(4);
  });
});
