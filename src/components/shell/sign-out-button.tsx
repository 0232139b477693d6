"use client";

import { signOut } from "next-auth/react";
import { detach } from "@/client/detach";
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
        // Not awaited: React does not await an event handler; signing out leaves the page.
        detach(signOut({ callbackUrl: "/signin" }), "sign out");
      }}
    >
      {busy ? null : <SignOutIcon />}
      Sign out
    </Button>
  );
}
