"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TPlatform } from "@/contracts/admin/platform";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

function GrantSetting({ platform }: { platform: TPlatform }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const setGrant = useMutation(trpc.admin.setPlatformGrant.mutationOptions({ onSuccess: () => refresh() }));
  return (
    <div>
      <p className={styles.settingTitle}>Grant</p>
      <p className={styles.settingText} data-testid="grant-state">
        {platform.provisioningEnabled
          ? "This platform may create customers."
          : "This platform may not create customers."}
      </p>
      <Button
        busy={setGrant.isPending}
        onClick={() => setGrant.mutate({ platformId: platform.id, provisioningEnabled: !platform.provisioningEnabled })}
      >
        {platform.provisioningEnabled ? "Stop provisioning" : "Allow provisioning"}
      </Button>
      {setGrant.isError ? <Alert tone="error">{errorMessage(setGrant.error)}</Alert> : null}
    </div>
  );
}

function QuotaSetting({ platform }: { platform: TPlatform }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const [quota, setQuota] = useState(String(platform.customerQuota));
  const setPlatformQuota = useMutation(trpc.admin.setPlatformQuota.mutationOptions({ onSuccess: () => refresh() }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPlatformQuota.mutate({ platformId: platform.id, customerQuota: Number(quota) });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className={styles.settingTitle}>Quota</p>
      <p className={styles.settingText} data-testid="quota-state">
        {platform.customersProvisioned} of {platform.customerQuota} customers used. Spent quota is never given back.
      </p>
      <div className={styles.inlineForm}>
        <TextField
          className={styles.narrow}
          label="Customer quota"
          type="number"
          min={platform.customersProvisioned}
          value={quota}
          onChange={(event) => setQuota(event.target.value)}
        />
        <Button type="submit" className={styles.alignButton} busy={setPlatformQuota.isPending}>
          Save quota
        </Button>
      </div>
      {setPlatformQuota.isError ? (
        <Alert tone="error">{errorMessage(setPlatformQuota.error, "Enter a whole number of customers.")}</Alert>
      ) : null}
    </form>
  );
}

function ReturnUrlsSetting({ platform }: { platform: TPlatform }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const [text, setText] = useState(platform.returnUrls.join("\n"));
  const save = useMutation(trpc.admin.setReturnUrls.mutationOptions({ onSuccess: () => refresh() }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const returnUrls = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    save.mutate({ platformId: platform.id, returnUrls });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className={styles.settingTitle}>Return URLs</p>
      <TextAreaField
        label="Registered return URLs"
        hint="One absolute http(s) URL a line; connect links may send a person back only to these."
        value={text}
        monospace
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" busy={save.isPending}>
        Save return URLs
      </Button>
      {save.isSuccess ? <Alert tone="success">Saved.</Alert> : null}
      {save.isError ? (
        <Alert tone="error">
          {errorMessage(save.error, "Check the URLs: at most 20, each an absolute http(s) URL.")}
        </Alert>
      ) : null}
    </form>
  );
}

export function PlatformSettings({ platform }: { platform: TPlatform }) {
  return (
    <Card title="Standing" description="What the platform may do through its keys.">
      <div className={styles.settings}>
        <GrantSetting platform={platform} />
        <QuotaSetting key={platform.customerQuota} platform={platform} />
        <ReturnUrlsSetting platform={platform} />
      </div>
    </Card>
  );
}
