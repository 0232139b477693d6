import { db, type TTransaction } from "@/server/db/client";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

type TKeyedCallContext = Parameters<typeof answerIdempotently>[0];

/**
 * An `Idempotency-Key` claim around an operation that cannot record its answer in its own
 * transaction: the tenant door's calls that set a value, delete or link (issue 40: every
 * mutating tenant call takes the header). Running one twice ends in the same state, so the
 * answer is recorded right after the operation; a crash between the two leaves the key in
 * progress until it expires (409 IDEMPOTENCY_IN_PROGRESS), never a second, different change.
 */
export function answerKeyedAfter<T>(
  ctx: TKeyedCallContext,
  call: { orgId: string; scope: string; request: unknown; status: number; run: () => Promise<T> },
): Promise<T> {
  return answerIdempotently<T>(ctx, {
    orgId: call.orgId,
    scope: call.scope,
    request: call.request,
    status: call.status,
    execute: async (record) => {
      const answer = await call.run();
      if (record) await record(db() as unknown as TTransaction, answer);
      return answer;
    },
  });
}
