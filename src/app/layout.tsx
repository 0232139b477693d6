import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Agent Automation Service", template: "%s · Agent Automation Service" },
  description: "Run the automations your people configured, safely, on your end users' behalf.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that response's CSP nonce (src/proxy.ts),
  // which a page built ahead of time could not.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
