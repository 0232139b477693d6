import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

/** Every signed-in page shares the session, query cache and tRPC client. */
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
