import Link from "next/link";
import type { ReactNode } from "react";
import button from "@/components/ui/button.module.css";
import styles from "./authoring.module.css";

/** A link that looks like a Button, for actions that are navigations ("New agent"). */
export function ButtonLink({
  href,
  variant = "secondary",
  size = "md",
  children,
}: {
  href: string;
  variant?: "primary" | "secondary";
  size?: "md" | "small";
  children: ReactNode;
}) {
  const classes = [button.button, styles.buttonLink, button[variant], size === "small" ? button.small : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <Link href={href} className={classes}>
      {children}
    </Link>
  );
}
