import type { TWorkerTarget } from "@/server/services/assistant/workers/read-worker";

/**
 * The worker a route names, as plain values: the platform of the key, the path and the
 * `X-Service-Subject` header (spec 4.8: when sent it must name the path's worker; the service
 * answers the uniform 404 otherwise). Every worker route goes through here.
 */
export function workerTarget(
  ctx: { actor: { platformId: string }; req: Request },
  input: { orgId: string; w: string },
): TWorkerTarget {
  return {
    platformId: ctx.actor.platformId,
    orgId: input.orgId,
    workerRef: input.w,
    subject: ctx.req.headers.get("x-service-subject"),
  };
}
