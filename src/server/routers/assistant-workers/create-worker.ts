import { createWorkerMeta, ZCreateWorkerRequest, ZCreateWorkerResponse } from "@/contracts/assistant/create-worker";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { createWorker as createWorkerService } from "@/server/services/assistant/workers/create-worker";
import { vouchWorker } from "@/server/services/partner/workers/vouch-worker";
import { partnerProcedure } from "@/server/trpc/procedures";

/** POST /organizations/{orgId}/workers: an assistant worker (4.8) or, by its body, a named worker (4.7). */
export const createWorker = partnerProcedure
  .meta(createWorkerMeta)
  .input(ZCreateWorkerRequest)
  .output(ZCreateWorkerResponse)
  .mutation(async ({ ctx, input }) => {
    const { orgId, external_ref, email, partnerSubject, displayName, domainRoles, organizationRole } = input;
    // The contract's refinement guarantees one complete body of the two.
    if (external_ref === undefined)
      return vouchWorker(ctx.actor, {
        orgId,
        partnerSubject: partnerSubject!,
        displayName: displayName!,
        domainRoles: domainRoles!,
        organizationRole,
      });
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await createWorkerService({
      platformId: ctx.actor.platformId,
      orgId,
      idempotencyKey,
      externalRef: external_ref,
      email: email!,
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });
