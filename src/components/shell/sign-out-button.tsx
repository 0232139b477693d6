"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SignOutIcon } from "@/components/ui/icons";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="small"
      busy={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: "/signin" });
      }}
    >
      {busy ? null : <SignOutIcon />}
      Sign out
    </Button>
  );
}
