import { router } from "@/server/trpc/init";

/** Domains managed from /settings/domains: create, rename, archive, their members and roles (console). */
export const teamDomainsRouter = router({});
