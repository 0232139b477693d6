import {
  setKnowledgeSelectionMeta,
  ZSetKnowledgeSelectionRequest,
  ZSetKnowledgeSelectionResponse,
  type TSetKnowledgeSelectionRequest,
} from "@/contracts/agents/set-knowledge-selection";
import { setKnowledgeSelection as setKnowledgeSelectionService } from "@/server/services/agents/set-knowledge-selection";
import { userTokenProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const setKnowledgeSelectionCall = ({
  ctx,
  input,
}: {
  ctx: TUserCallContext;
  input: TSetKnowledgeSelectionRequest;
}) => setKnowledgeSelectionService(ctx.actor, input);

export const setKnowledgeSelection = userTokenProcedure
  .meta(setKnowledgeSelectionMeta)
  .input(ZSetKnowledgeSelectionRequest)
  .output(ZSetKnowledgeSelectionResponse)
  .mutation(setKnowledgeSelectionCall);
