import { db } from "@/server/db/client";

/** Every organization of the instance (template sources), by name. */
export async function listOrganizations() {
  const rows = await db().organization.findMany({
    select: { id: true, name: true, slug: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return { organizations: rows };
}
