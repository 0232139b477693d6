"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A page failed on the server: say so inside the shell and offer a retry. */
export default function ShellError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div style={{ maxWidth: 640, display: "grid", gap: 16 }}>
      <Alert tone="error" title="This page could not be loaded">
        Something went wrong on our side. Try again; if it keeps happening, contact your administrator.
      </Alert>
      <div>
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      </div>
    </div>
  );
}
