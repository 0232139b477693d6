import { ZListDomainsResponse } from "@/contracts/tenancy/list-domains";
import { listMyDomains } from "@/server/services/tenancy/list-my-domains";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listDomains = consoleProcedure.output(ZListDomainsResponse).query(({ ctx }) => listMyDomains(ctx.actor));
