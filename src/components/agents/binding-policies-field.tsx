"use client";

import type { TBindingPolicies, TIdentityModeValue } from "@/contracts/agents/setup";
import { CREDENTIAL_FREE_INTEGRATIONS } from "@/components/authoring/credential-free";
import { SelectField } from "@/components/authoring/select-field";
import ui from "@/components/ui/ui.module.css";
import { IDENTITY_MODES } from "./identity-modes";
import type { TCatalogIntegration } from "./tool-catalog";
import styles from "./agents.module.css";

type TProps = {
  integrations: TCatalogIntegration[];
  value: TBindingPolicies;
  onChange: (value: TBindingPolicies) => void;
};

/**
 * One select per integration the procedure references (spec section 5): whose credential the
 * agent's calls use. Integrations the procedure does not reference bind as `service` and are
 * not listed; the list follows the procedure as it is typed.
 */
export function BindingPoliciesField({ integrations, value, onChange }: TProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={ui.label}>Binding policies</legend>
      {integrations.length === 0 ? (
        <p className={ui.hint}>The procedure references no tool yet. Each integration it uses gets a policy here.</p>
      ) : (
        <div className={styles.bindings}>
          {integrations.map((integration) =>
            CREDENTIAL_FREE_INTEGRATIONS.has(integration.id) ? (
              <div key={integration.id} className={styles.bindingFixed}>
                <span className={ui.label}>{integration.name}</span>
                <span className={ui.hint}>
                  <code>{integration.id}</code> takes no credential; it always runs as the service.
                </span>
              </div>
            ) : (
              <SelectField
                key={integration.id}
                label={`${integration.name} (${integration.id})`}
                value={value[integration.id] ?? "service"}
                hint={IDENTITY_MODES.find((mode) => mode.value === (value[integration.id] ?? "service"))?.help}
                onChange={(event) => onChange({ ...value, [integration.id]: event.target.value as TIdentityModeValue })}
              >
                {IDENTITY_MODES.map((mode) => (
                  <option key={mode.value} value={mode.value}>
                    {mode.label}
                  </option>
                ))}
              </SelectField>
            ),
          )}
        </div>
      )}
    </fieldset>
  );
}
