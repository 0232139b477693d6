import type { TOperator } from "@/contracts/admin/operator";

export const OPERATOR_SELECT = { id: true, email: true, name: true, disabledAt: true } as const;

export function toOperator(row: { id: string; email: string; name: string; disabledAt: Date | null }): TOperator {
  return { userId: row.id, email: row.email, name: row.name, disabled: row.disabledAt !== null };
}
