import { router } from "@/server/trpc/init";

/** Console procedures for session views and personal chats (issue 4 console). */
export const sessionConsoleRouter = router({});
