"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { DOMAIN_ROLE_LABEL, type TDomainRole } from "@/components/roles";
import authoring from "./authoring.module.css";
import styles from "./navigation.module.css";

export type TPickerDomain = { id: string; name: string; myRole: TDomainRole | null };

export type TPickerSection = "agents" | "connections" | "flows" | "triggers";

/** Where each section lists a domain's items (agents and connections under /domains/<id>/...). */
function sectionHref(section: TPickerSection, domainId: string): string {
  if (section === "flows") return `/flows?domain=${domainId}`;
  if (section === "triggers") return `/triggers/${domainId}`;
  return `/domains/${domainId}/${section}`;
}

/** Switches the domain of a domain-scoped page, keeping the section. */
export function DomainPicker({
  domains,
  currentId,
  section,
}: {
  domains: TPickerDomain[];
  currentId: string;
  section: TPickerSection;
}) {
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
          startTransition(() => router.push(sectionHref(section, next)));
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
