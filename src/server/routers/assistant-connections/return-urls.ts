import {
  getReturnUrlsMeta,
  putReturnUrlsMeta,
  ZGetReturnUrlsRequest,
  ZPutReturnUrlsRequest,
  ZReturnUrls,
} from "@/contracts/assistant/return-urls";
import {
  putReturnUrls as putReturnUrlsService,
  readReturnUrls,
} from "@/server/services/assistant/connections/return-urls";
import { partnerProcedure } from "@/server/trpc/procedures";

export const getReturnUrls = partnerProcedure
  .meta(getReturnUrlsMeta)
  .input(ZGetReturnUrlsRequest)
  .output(ZReturnUrls)
  .query(({ ctx }) => readReturnUrls(ctx.actor.platformId));

export const putReturnUrls = partnerProcedure
  .meta(putReturnUrlsMeta)
  .input(ZPutReturnUrlsRequest)
  .output(ZReturnUrls)
  .mutation(({ ctx, input }) => putReturnUrlsService(ctx.actor.platformId, input.urls));
