import { describe, expect, it } from "vitest";
import { appRouter } from "@/server/routers/root";
import {
  methodsAt,
  pathParametersAt,
  routeTemplateAt,
  successStatusOf,
  surfaceProcedures,
  surfaceRouter,
} from "./surface";

/** Counts how often the whole router's procedure record is read (what a rescan starts with). */
function countRouterScans(): { readonly count: number } {
  const def = appRouter._def as { procedures: unknown };
  const procedures = def.procedures;
  const counter = { count: 0 };
  Object.defineProperty(def, "procedures", {
    configurable: true,
    enumerable: true,
    get: () => {
      counter.count += 1;
      return procedures;
    },
  });
  return counter;
}

describe("surface index", () => {
  it("scans the router once per surface, however many requests ask about its routes", () => {
    const scans = countRouterScans();
    for (let request = 0; request < 50; request += 1) {
      for (const surface of ["v1", "partner-v1"] as const) {
        surfaceProcedures(surface);
        surfaceRouter(surface);
        routeTemplateAt(surface, "POST", "/agents/00000000-0000-0000-0000-000000000000/sessions");
        methodsAt(surface, "/auth/whoami");
        pathParametersAt(surface, "GET", "/agents/sessions/abc/stream");
        successStatusOf(surface, "sessions.open");
      }
    }
    expect(scans.count).toBe(2);
  });

  it("answers from the index what the router holds", () => {
    expect(surfaceProcedures("v1")).toBe(surfaceProcedures("v1"));
    expect(surfaceRouter("partner-v1")).toBe(surfaceRouter("partner-v1"));
    expect(routeTemplateAt("v1", "GET", "/auth/whoami")).toBe("/auth/whoami");
    expect(methodsAt("v1", "/auth/token")).toEqual(["POST"]);
    expect(surfaceProcedures("v1").every(({ meta }) => meta.surface === "v1")).toBe(true);
    expect(surfaceProcedures("partner-v1").every(({ meta }) => meta.surface === "partner-v1")).toBe(true);
  });
});
