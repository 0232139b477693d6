"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import type { TPickerDomain } from "@/components/authoring/domain-picker";
import { DOMAIN_ROLE_LABEL } from "@/components/roles";
import authoring from "@/components/authoring/authoring.module.css";
import navigation from "@/components/authoring/navigation.module.css";

/** Switches the domain whose flows are listed (flows live under /flows?domain=<id>). */
export function FlowsDomainPicker({ domains, currentId }: { domains: TPickerDomain[]; currentId: string }) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  return (
    <div className={navigation.picker}>
      <label htmlFor={id} className={navigation.pickerLabel}>
        Domain
      </label>
      <select
        id={id}
        className={`${authoring.select} ${navigation.pickerSelect}`}
        value={currentId}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(() => router.push(`/flows?domain=${next}`));
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
