import { useId, type Ref, type TextareaHTMLAttributes } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./authoring.module.css";
import { FieldFooter } from "./field-footer";

type TTextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  /** Shows "used / max" under the field; past the limit it turns red (the server would refuse). */
  max?: number;
  monospace?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

/** The multi-line sibling of TextField: label, hint or error, and an optional length counter. */
export function TextAreaField({
  label,
  hint,
  error,
  max,
  monospace = false,
  id,
  className,
  ref,
  value,
  ...textarea
}: TTextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const length = typeof value === "string" ? value.length : 0;
  return (
    <div className={`${ui.field} ${className ?? ""}`}>
      <label className={ui.label} htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        ref={ref}
        value={value}
        className={`${styles.textarea} ${monospace ? styles.mono : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...textarea}
      />
      <FieldFooter hintId={hintId} errorId={errorId} hint={hint} error={error} length={length} max={max} />
    </div>
  );
}
