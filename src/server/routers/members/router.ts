import { router } from "@/server/trpc/init";

/** The organization's people: members, invitations, roles (console). */
export const membersRouter = router({});
