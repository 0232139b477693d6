import { router } from "@/server/trpc/init";
import { sendReset } from "./send-reset";

/** Passwords: change your own, reset links (console and the sign-in page). */
export const passwordsRouter = router({ sendReset });
