import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

/** A page the person may open but not use: say why instead of showing a form that would fail. */
export function NotAllowed({ children }: { children: ReactNode }) {
  return (
    <Alert tone="warning" title="You cannot do this here">
      {children}
    </Alert>
  );
}
