import type { ButtonHTMLAttributes } from "react";
import styles from "./button.module.css";

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "danger" | "dangerOutline" | "ghost";
  size?: "md" | "small";
  /** Shows a spinner and blocks a second submit while the request runs. */
  busy?: boolean;
};

export function Button({
  variant = "secondary",
  size = "md",
  busy = false,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: TButtonProps) {
  const classes = [styles.button, styles[variant], size === "small" ? styles.small : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
