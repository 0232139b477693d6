import { router } from "@/server/trpc/init";

export const assistantWorkersRouter = router({});
