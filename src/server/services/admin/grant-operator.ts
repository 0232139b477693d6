import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR_SELECT, toOperator } from "./operators";

/** Makes an existing person an instance operator (granting twice changes nothing). */
export async function grantOperator({ email }: { email: string }) {
  const user = await db().user.findFirst({
    where: { email: { equals: email.trim(), mode: "insensitive" } },
    select: { id: true, disabledAt: true },
  });
  if (!user)
    throw new AppError(
      "NOT_FOUND",
      `Nobody with the email ${email.trim()} has an account here: the person must exist before becoming an operator.`,
    );
  if (user.disabledAt)
    throw new AppError("CONFLICT", "This person's account is disabled: enable it before making them an operator.");
  const row = await db().user.update({
    where: { id: user.id },
    data: { isInstanceOperator: true },
    select: OPERATOR_SELECT,
  });
  return { operator: toOperator(row) };
}
