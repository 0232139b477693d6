"use client";

import { detach } from "@/client/detach";
import { useSelectOrganization } from "@/client/use-select-organization";
import { BuildingIcon } from "@/components/ui/icons";
import styles from "./shell.module.css";

type TOrgOption = { id: string; name: string };

export function OrgSwitcher({ organizations, selectedId }: { organizations: TOrgOption[]; selectedId: string }) {
  const { select, error, ready, busy } = useSelectOrganization();
  return (
    <div className={styles.switcher}>
      <label htmlFor="org-switcher" className="sr-only">
        Organization
      </label>
      <span className={styles.switcherIcon}>
        <BuildingIcon size={16} />
      </span>
      <select
        id="org-switcher"
        className={`${styles.switcherSelect} ${organizations.length < 2 ? styles.switcherSingle : ""}`}
        value={selectedId}
        disabled={!ready || busy || organizations.length < 2}
        aria-describedby={error ? "org-switcher-error" : undefined}
        onChange={(event) => detach(select(event.target.value), "organization switcher: select")}
      >
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="org-switcher-error" role="alert" className={styles.switcherError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
