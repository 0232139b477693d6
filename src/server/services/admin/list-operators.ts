import { db } from "@/server/db/client";
import { OPERATOR_SELECT, toOperator } from "./operators";

/** Every instance operator, by email. */
export async function listOperators() {
  const rows = await db().user.findMany({
    where: { isInstanceOperator: true },
    select: OPERATOR_SELECT,
    orderBy: { email: "asc" },
  });
  return { operators: rows.map(toOperator) };
}
