import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { TProcedureMeta, TSurface } from "@/contracts/common/meta";
import { appRouter } from "@/server/routers/root";
import { router } from "./init";

type TSurfaceProcedure = { path: string; meta: TProcedureMeta; procedure: AnyProcedure };

/** The procedures that belong to one machine API surface, by their meta. */
export function surfaceProcedures(surface: TSurface): TSurfaceProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, procedure, meta: (procedure._def.meta ?? {}) as TProcedureMeta }))
    .filter((entry) => entry.meta.surface === surface && entry.meta.openapi);
}

const cache = new Map<TSurface, AnyRouter>();

/**
 * A router holding only one surface's procedures, so /api/v1 can never reach a partner
 * route (or the reverse) even where paths would match.
 */
export function surfaceRouter(surface: TSurface): AnyRouter {
  let built = cache.get(surface);
  if (!built) {
    const record: Record<string, unknown> = {};
    for (const { path, procedure } of surfaceProcedures(surface)) {
      const segments = path.split(".");
      let node = record;
      for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
      node[segments.at(-1)!] = procedure;
    }
    built = router(record as Parameters<typeof router>[0]);
    cache.set(surface, built);
  }
  return built;
}

export function successStatusOf(surface: TSurface, path: string | undefined): number {
  return surfaceProcedures(surface).find((entry) => entry.path === path)?.meta.successStatus ?? 200;
}

function matches(template: string, pathname: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}|:[^/]+/g, "[^/]+");
  return new RegExp(`^${pattern}/?$`).test(pathname);
}

/** The methods a surface serves at a concrete path (for 405 answers), e.g. ["POST"]. */
export function methodsAt(surface: TSurface, pathname: string): string[] {
  return surfaceProcedures(surface)
    .filter(({ meta }) => matches(meta.openapi!.path, pathname))
    .map(({ meta }) => meta.openapi!.method);
}

/** The names of the path parameters of the route a method and path reach, e.g. ["baseId"]. */
export function pathParametersAt(surface: TSurface, method: string, pathname: string): string[] {
  const route = surfaceProcedures(surface).find(({ meta }) => meta.openapi!.method === method && matches(meta.openapi!.path, pathname));
  return [...(route?.meta.openapi!.path.matchAll(/\{([^/}]+)\}|:([^/]+)/g) ?? [])].map((match) => match[1] ?? match[2]!);
}
