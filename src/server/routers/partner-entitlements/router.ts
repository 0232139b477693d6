import { router } from "@/server/trpc/init";

export const partnerEntitlementsRouter = router({});
