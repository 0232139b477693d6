import type { Metadata } from "next";
import { ButtonLink } from "@/components/authoring/button-link";
import { Brand } from "@/components/shell/brand";
import centered from "@/components/shell/centered.module.css";
import ui from "@/components/ui/ui.module.css";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any address the console does not serve. Outside the shell (the address may not even be the
 * console's), so it is the slim centered page of sign-in, with the way home: "/" is the
 * Overview, or sign-in first for someone signed out.
 */
export default function NotFound() {
  return (
    <div className={centered.page}>
      <header className={centered.header}>
        <Brand href="/" />
      </header>
      <main className={centered.main}>
        <section className={ui.card} style={{ maxWidth: 480, width: "100%", alignSelf: "flex-start" }}>
          <div className={ui.cardBody} style={{ display: "grid", gap: 12 }}>
            <p style={{ color: "var(--color-text-muted)", fontWeight: 600 }}>404</p>
            <h1 style={{ fontSize: 22 }}>This page does not exist</h1>
            <p style={{ color: "var(--color-text-muted)" }}>
              The address may be mistyped, or what it pointed to was deleted or moved. Nothing was changed.
            </p>
            <div>
              <ButtonLink href="/" variant="primary">
                Go to the Overview
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
    </div>
  );
}
