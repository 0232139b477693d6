import { ZEventCatalogRequest, ZEventCatalogResponse } from "@/contracts/triggers/event-catalog";
import { eventCatalog as eventCatalogService } from "@/server/services/triggers/event-catalog";
import { consoleProcedure } from "@/server/trpc/procedures";

export const eventCatalog = consoleProcedure
  .input(ZEventCatalogRequest)
  .output(ZEventCatalogResponse)
  .query(({ ctx }) => eventCatalogService(ctx.actor));
