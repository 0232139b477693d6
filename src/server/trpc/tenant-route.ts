import { z } from "zod";
import type { TProcedureMeta } from "@/contracts/common/meta";
import { tenantMeta, ZTenantOrgId } from "@/contracts/partner/tenant";
import type { TUserActor } from "@/server/auth/actor";
import { answerKeyedAfter } from "@/server/services/partner/tenant/keyed-call";
import type { TContext } from "./context";
import { tenantProcedure } from "./procedures";

/** What an operation needs of its procedure's context: a person acting, on either door. */
export type TUserCallContext = TContext & { actor: TUserActor; idempotencyScope?: string };

/**
 * One operation's body, shared by its /api/v1 route and its partner tenant route: it destructures
 * `ctx` and `input` and calls one service (ARCHITECTURE rule 3), whoever the door let in.
 */
export type TUserCall<I, O> = (options: { ctx: TUserCallContext; input: I }) => Promise<O>;

/**
 * The operation's input with `{orgId}` added. A wide body parsed through a union (a pipe from a
 * strict object, e.g. create-trigger) keeps its own parse: `orgId` rides outside it.
 */
function withOrgId(input: z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>) {
  if (input instanceof z.ZodObject) return input.extend({ orgId: ZTenantOrgId });
  return input.in.extend({ orgId: ZTenantOrgId }).transform(({ orgId, ...rest }, ctx) => {
    const parsed = input.safeParse(rest);
    if (parsed.success) return { ...(parsed.data as object), orgId };
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  });
}

/**
 * The partner tenant twin of a route (issue 40): the same contract (input and output schemas,
 * examples, success status, idempotency) at `/organizations/{orgId}<path>` on /api/partner/v1,
 * behind tenantProcedure, running the same operation. `{orgId}` is added to the input and taken
 * out again before the operation sees it. One line per operation:
 *
 *   open: tenantRoute(openSessionMeta, ZOpenSessionRequest, ZOpenSessionResponse, openSessionCall),
 */
export function tenantRoute<I extends z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>, O extends z.ZodType>(
  meta: TProcedureMeta,
  input: I,
  output: O,
  call: TUserCall<z.output<I>, z.input<O>>,
  options: Parameters<typeof tenantMeta>[1] = {},
) {
  const method = meta.openapi!.method;
  // Every mutating tenant call takes Idempotency-Key (issue 40): those whose operation records its
  // answer in its own transaction already do; the others (setting a value, deleting, linking) get
  // the door's own claim below.
  const keyedByDoor = method !== "GET" && !meta.idempotency;
  const routeMeta = tenantMeta(keyedByDoor ? { ...meta, idempotency: "optional" } : meta, options);
  const procedure = tenantProcedure.meta(routeMeta).input(withOrgId(input)).output(output);
  const resolve = ({
    ctx,
    input: { orgId: _orgId, ...rest },
  }: {
    ctx: TUserCallContext;
    input: Record<string, unknown>;
  }) => {
    // The answer was typed against `output` by `call`'s own signature; tRPC's generic cannot see it.
    const run = () => call({ ctx, input: rest as z.output<I> }) as Promise<never>;
    if (!keyedByDoor) return run();
    return answerKeyedAfter<never>(ctx, {
      orgId: ctx.actor.orgId,
      // Per route and person; request equality covers the path's ids and the body.
      scope: `tenant:${method} ${routeMeta.openapi!.path}:${ctx.actor.userId}`,
      request: rest,
      status: meta.successStatus ?? 200,
      run,
    });
  };
  return method === "GET" ? procedure.query(resolve) : procedure.mutation(resolve);
}
