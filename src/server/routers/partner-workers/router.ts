import { router } from "@/server/trpc/init";

export const partnerWorkersRouter = router({});
