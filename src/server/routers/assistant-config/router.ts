import { router } from "@/server/trpc/init";

export const assistantConfigRouter = router({});
