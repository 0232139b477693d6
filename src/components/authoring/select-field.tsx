import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./authoring.module.css";

type TSelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
};

/** A labelled native select (keyboard and screen-reader behaviour for free). */
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
      {error ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
