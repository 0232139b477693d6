import { router } from "@/server/trpc/init";
import { getMe } from "./get-me";
import { listDomains } from "./list-domains";

export const tenancyRouter = router({ getMe, listDomains });
