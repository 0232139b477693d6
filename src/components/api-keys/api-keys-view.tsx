"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TApiKey } from "@/contracts/api-keys/api-key";
import { Alert } from "@/components/ui/alert";
import { CreateKeyForm } from "./create-key-form";
import { KeysTable } from "./keys-table";
import { NewSecretPanel, type TNewSecret } from "./new-secret-panel";
import { RevokeDialog } from "./revoke-dialog";
import styles from "./api-keys.module.css";

/** Create, list and revoke the person's keys; a new key's secret is held only in this state. */
export function ApiKeysView() {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<TNewSecret | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  return (
    <div className={styles.stack}>
      {created ? <NewSecretPanel created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKeyForm onCreated={setCreated} />
      {keys.isError ? (
        <Alert tone="error" title="Your keys could not be loaded">
          {errorMessage(keys.error)}
        </Alert>
      ) : (
        <KeysTable keys={keys.data?.apiKeys} onRevoke={setRevoking} />
      )}
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
