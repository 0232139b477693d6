import type { OpenApiMeta } from "trpc-to-openapi";
import type { z } from "zod";

/** The two machine API surfaces; each has its own path prefix and OpenAPI document. */
export type TSurface = "v1" | "partner-v1";

export const SURFACE_PREFIX: Record<TSurface, string> = {
  v1: "/api/v1",
  "partner-v1": "/api/partner/v1",
};

export type TProcedureMeta = OpenApiMeta & {
  /** Which document and handler serve the procedure. */
  surface?: TSurface;
  /** The success status the route really answers with (trpc-to-openapi always says 200). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Whether the route takes an `Idempotency-Key` header (documented as a parameter). */
  idempotency?: TIdempotency;
  /** What the document says the body is, when it is more exact than the input schema's JSON Schema. */
  documentedBody?: z.ZodType;
  /** Example request body and success body, shown by the document (and checked against the schemas). */
  examples?: TRouteExamples;
  /** A partner tenant route (`/organizations/{orgId}/...`, contracts/partner/tenant.ts): takes `X-Service-Subject`. */
  tenant?: true;
};

export type TRouteExamples = { request?: Record<string, unknown>; response?: Record<string, unknown> };

/** A route that deduplicates by `Idempotency-Key`: whether the header may or must be sent. */
export type TIdempotency = "optional" | "required";

type TRouteOptions = {
  surface: TSurface;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the surface prefix, e.g. "/auth/token". */
  path: `/${string}`;
  summary: string;
  description?: string;
  tags: string[];
  successStatus?: 200 | 201 | 202 | 204;
  /** Security scheme names of the OpenAPI document that this route accepts. */
  security: string[];
  /** Error statuses the route can answer with, and when. All use the error envelope. */
  errors: Record<number, string>;
  idempotency?: TIdempotency;
  /**
   * The body as the document states it, when the route parses one wide object through a union
   * (trpc-to-openapi takes one object as a POST input): the union itself, so the document says
   * `oneOf` and cannot drift from what the server accepts. Its input JSON Schema replaces the body's.
   */
  documentedBody?: z.ZodType;
  examples?: TRouteExamples;
};

/** Builds a procedure's meta: one place that knows how routes are described. */
export function routeMeta(options: TRouteOptions): TProcedureMeta {
  return {
    surface: options.surface,
    successStatus: options.successStatus ?? 200,
    ...(options.idempotency ? { idempotency: options.idempotency } : {}),
    ...(options.documentedBody ? { documentedBody: options.documentedBody } : {}),
    ...(options.examples ? { examples: options.examples } : {}),
    openapi: {
      method: options.method,
      path: options.path,
      summary: options.summary,
      description: options.description,
      tags: options.tags,
      protect: options.security.length > 0,
      successDescription: "Success",
      errorResponses: options.errors,
      // Read by the document post-processor (src/server/trpc/openapi-document.ts).
      ...({ security: options.security } as object),
    },
  };
}
