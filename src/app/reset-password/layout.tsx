import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

/** The reset page's form calls the console's tRPC client and next-auth's sign-in. */
export default function ResetPasswordLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
