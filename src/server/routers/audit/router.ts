import { router } from "@/server/trpc/init";

/** The organization's audit log (console, Owners and Admins). */
export const auditRouter = router({});
