"use client";

import { useEffect, useState } from "react";
import { Button } from "./button";

type TCopyState = "idle" | "copied" | "failed";

/**
 * Copies a value and says so for two seconds. The clipboard API can be refused (insecure
 * origin, permissions), so failure is shown rather than pretending it worked.
 */
export function CopyButton({
  value,
  label = "Copy",
  className,
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<TCopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <Button size="small" className={className} onClick={copy} aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : label}
    </Button>
  );
}
