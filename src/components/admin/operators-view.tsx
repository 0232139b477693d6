"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TOperator } from "@/contracts/admin/operator";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { TextField } from "@/components/ui/text-field";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

function GrantOperatorForm() {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const [email, setEmail] = useState("");
  const grant = useMutation(
    trpc.admin.grantOperator.mutationOptions({
      onSuccess: async () => {
        setEmail("");
        await refresh();
      },
    }),
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    grant.mutate({ email });
  }
  return (
    <Card
      title="Add an operator"
      description="Operators see this area: they create partner platforms, issue their keys and read every customer's onboarding. The person needs an account already."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <TextField
            className={styles.grow}
            label="Email"
            type="email"
            value={email}
            autoComplete="off"
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="primary" className={styles.alignButton} busy={grant.isPending}>
            Make operator
          </Button>
        </div>
        {grant.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="Nothing changed">
              {errorMessage(grant.error)}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

function RevokeOperatorDialog({ operator, onClose }: { operator: TOperator | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const revoke = useMutation(
    trpc.admin.revokeOperator.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onClose();
      },
    }),
  );
  const { reset } = revoke;
  useEffect(() => {
    if (operator) reset();
  }, [operator, reset]);
  return (
    <ConfirmDialog
      open={operator !== null}
      title={`Remove ${operator?.email ?? ""} as an operator?`}
      confirmLabel="Remove operator"
      busy={revoke.isPending}
      error={revoke.isError ? errorMessage(revoke.error) : null}
      onConfirm={() => operator && revoke.mutate({ userId: operator.userId })}
      onClose={onClose}
    >
      They lose this area at once. Their account and organizations stay as they are.
    </ConfirmDialog>
  );
}

export function OperatorsView({ myUserId }: { myUserId: string }) {
  const trpc = useTRPC();
  const operators = useQuery(trpc.admin.listOperators.queryOptions());
  const [revoking, setRevoking] = useState<TOperator | null>(null);
  const rows = operators.data?.operators;
  return (
    <div className={styles.stack}>
      <GrantOperatorForm />
      {operators.isError ? (
        <Alert tone="error" title="The operators could not be loaded">
          {errorMessage(operators.error)}
        </Alert>
      ) : (
        <Card title="Operators" flush>
          <div className={table.wrap}>
            <table className={table.table} aria-label="Operators" aria-busy={!rows || undefined}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Account</th>
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows ? (
                  rows.map((operator) => (
                    <tr key={operator.userId}>
                      <td className={table.primaryText}>
                        {operator.name} {operator.userId === myUserId ? <Badge tone="brand">You</Badge> : null}
                      </td>
                      <td>{operator.email}</td>
                      <td>
                        {operator.disabled ? (
                          <Badge tone="muted">Disabled</Badge>
                        ) : (
                          <Badge tone="success">Active</Badge>
                        )}
                      </td>
                      <td className={table.actions}>
                        {operator.userId === myUserId ? null : (
                          <Button
                            variant="dangerOutline"
                            size="small"
                            onClick={() => setRevoking(operator)}
                            aria-label={`Remove ${operator.email}`}
                          >
                            Remove
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))
                ) : (
                  <TableSkeleton columns={4} />
                )}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      <RevokeOperatorDialog operator={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
