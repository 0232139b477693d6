import { router } from "@/server/trpc/init";
import { listAuditActors } from "./list-audit-actors";
import { listAuditEntries } from "./list-audit-entries";

/** The organization's audit log (console, Owners and Admins). */
export const auditRouter = router({ list: listAuditEntries, actors: listAuditActors });
