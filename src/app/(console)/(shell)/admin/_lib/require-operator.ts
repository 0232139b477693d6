import { notFound } from "next/navigation";
import { requireOrganization } from "@/app/_lib/viewer";

/** /admin exists only for instance operators: anyone else sees the ordinary 404 page. */
export async function requireOperator() {
  const viewer = await requireOrganization();
  if (!viewer.user.isInstanceOperator) notFound();
  return viewer;
}
