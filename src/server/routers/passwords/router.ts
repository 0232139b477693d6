import { router } from "@/server/trpc/init";
import { changePassword } from "./change-password";
import { completeReset } from "./complete-reset";
import { readReset } from "./read-reset";
import { renameSelf } from "./rename-self";
import { sendReset } from "./send-reset";

/** Passwords and your account: change your own, reset links (console, the reset page). */
export const passwordsRouter = router({ sendReset, changePassword, renameSelf, readReset, completeReset });
