import { ZUpdateDraftRequest, ZUpdateDraftResponse } from "@/contracts/knowledge/update-draft";
import { updateDraft as updateDraftService } from "@/server/services/knowledge/update-draft";
import { consoleProcedure } from "@/server/trpc/procedures";

export const updateDraft = consoleProcedure
  .input(ZUpdateDraftRequest)
  .output(ZUpdateDraftResponse)
  .mutation(({ ctx, input }) => updateDraftService(ctx.actor, input));
