import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { TProcedureMeta, TSurface } from "@/contracts/common/meta";
import { appRouter } from "@/server/routers/root";
import { router } from "./init";

type TSurfaceProcedure = { path: string; meta: TProcedureMeta; procedure: AnyProcedure };

/** A surface's route as the request path meets it: its method, path matcher and parameters. */
type TRoute = { method: string; template: string; pattern: RegExp; parameters: string[] };

type TSurfaceIndex = {
  procedures: readonly TSurfaceProcedure[];
  routes: TRoute[];
  successStatus: Map<string, number>;
  router?: AnyRouter;
};

const PARAMETER = /\{([^/}]+)\}|:([^/]+)/g;

function routeOf(meta: TProcedureMeta): TRoute {
  const template = meta.openapi!.path;
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}|:[^/]+/g, "[^/]+");
  return {
    method: meta.openapi!.method,
    template,
    pattern: new RegExp(`^${pattern}/?$`),
    parameters: [...template.matchAll(PARAMETER)].map((match) => match[1] ?? match[2]!),
  };
}

const indexes = new Map<TSurface, TSurfaceIndex>();

/** Everything a request asks of a surface's routes, computed once per surface (the router is fixed). */
function indexOf(surface: TSurface): TSurfaceIndex {
  let index = indexes.get(surface);
  if (!index) {
    const all = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
    const procedures = Object.entries(all)
      .map(([path, procedure]) => ({ path, procedure, meta: (procedure._def.meta ?? {}) as TProcedureMeta }))
      .filter((entry) => entry.meta.surface === surface && entry.meta.openapi);
    index = {
      procedures,
      routes: procedures.map(({ meta }) => routeOf(meta)),
      successStatus: new Map(
        procedures.flatMap(({ path, meta }) => (meta.successStatus ? [[path, meta.successStatus] as const] : [])),
      ),
    };
    indexes.set(surface, index);
  }
  return index;
}

/** The procedures that belong to one machine API surface, by their meta. */
export function surfaceProcedures(surface: TSurface): readonly TSurfaceProcedure[] {
  return indexOf(surface).procedures;
}

/**
 * A router holding only one surface's procedures, so /api/v1 can never reach a partner
 * route (or the reverse) even where paths would match.
 */
export function surfaceRouter(surface: TSurface): AnyRouter {
  const index = indexOf(surface);
  if (!index.router) {
    const record: Record<string, unknown> = {};
    for (const { path, procedure } of index.procedures) {
      const segments = path.split(".");
      let node = record;
      for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
      node[segments.at(-1)!] = procedure;
    }
    index.router = router(record as Parameters<typeof router>[0]);
  }
  return index.router;
}

export function successStatusOf(surface: TSurface, path: string | undefined): number {
  return (path && indexOf(surface).successStatus.get(path)) || 200;
}

/** The methods a surface serves at a concrete path (for 405 answers), e.g. ["POST"]. */
export function methodsAt(surface: TSurface, pathname: string): string[] {
  return indexOf(surface)
    .routes.filter((route) => route.pattern.test(pathname))
    .map((route) => route.method);
}

/** The names of the path parameters of the route a method and path reach, e.g. ["baseId"]. */
export function pathParametersAt(surface: TSurface, method: string, pathname: string): string[] {
  return (
    indexOf(surface).routes.find((route) => route.method === method && route.pattern.test(pathname))?.parameters ?? []
  );
}

/** The path template of the route a method and path reach (metrics label routes by it, never by ids). */
export function routeTemplateAt(surface: TSurface, method: string, pathname: string): string | undefined {
  return indexOf(surface).routes.find((route) => route.method === method && route.pattern.test(pathname))?.template;
}
