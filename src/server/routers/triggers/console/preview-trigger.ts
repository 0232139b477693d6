import { ZPreviewTriggerRequest, ZPreviewTriggerResponse } from "@/contracts/triggers/preview-trigger";
import { previewTrigger as previewTriggerService } from "@/server/services/triggers/preview-trigger";
import { consoleProcedure } from "@/server/trpc/procedures";

export const previewTrigger = consoleProcedure
  .input(ZPreviewTriggerRequest)
  .output(ZPreviewTriggerResponse)
  .query(({ input }) => previewTriggerService(input));
