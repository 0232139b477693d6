import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./authoring.module.css";
import { FieldFooter } from "./field-footer";

type TSelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
};

/** A labelled native select (keyboard and screen-reader behaviour for free); its hint and error sit in the
 * same FieldFooter as every other field's, so they look and read the same. */
export function SelectField({ label, hint, error, id, className, children, ...select }: TSelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={`${ui.field} ${className ?? ""}`}>
      <label className={ui.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...select}
      >
        {children}
      </select>
      <FieldFooter hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}
