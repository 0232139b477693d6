"use client";

import { useEffect, useState } from "react";
import { detach } from "@/client/detach";
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

  // Detached by the button (React does not await an event handler); a refused clipboard is caught.
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <Button size="small" className={className} onClick={() => detach(copy(), "copy button")} aria-live="polite">
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : label}
    </Button>
  );
}
