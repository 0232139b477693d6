import { listMessagesMeta, ZListMessagesRequest, ZListMessagesResponse } from "@/contracts/assistant/list-messages";
import { listWorkerMessages } from "@/server/services/assistant/conversation/list-messages";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const listMessages = partnerProcedure
  .meta(listMessagesMeta)
  .input(ZListMessagesRequest)
  .output(ZListMessagesResponse)
  .query(({ ctx, input }) =>
    listWorkerMessages({ ...workerTarget(ctx, input), before: input.before, limit: input.limit }),
  );
