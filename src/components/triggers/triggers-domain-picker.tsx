"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import authoring from "@/components/authoring/authoring.module.css";
import type { TPickerDomain } from "@/components/authoring/domain-picker";
import styles from "@/components/authoring/navigation.module.css";
import { DOMAIN_ROLE_LABEL } from "@/components/roles";

/** Switches the domain of the triggers page (/triggers/<domainId>). */
export function TriggersDomainPicker({ domains, currentId }: { domains: TPickerDomain[]; currentId: string }) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.pickerLabel}>
        Domain
      </label>
      <select
        id={id}
        className={`${authoring.select} ${styles.pickerSelect}`}
        value={currentId}
        disabled={pending}
        aria-busy={pending || undefined}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(() => router.push(`/triggers/${next}`));
        }}
      >
        {domains.map((domain) => (
          <option key={domain.id} value={domain.id}>
            {domain.name} · {domain.myRole ? DOMAIN_ROLE_LABEL[domain.myRole] : "not a member"}
          </option>
        ))}
      </select>
    </div>
  );
}
