import { router } from "@/server/trpc/init";

/** Machine API 4.2 routes and the cookie turn-approval route (issue 4 runtime). */
export const sessionsRouter = router({});
