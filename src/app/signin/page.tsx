import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { loadViewer } from "@/app/_lib/viewer";
import { SignInForm } from "@/components/auth/sign-in-form";
import { CenteredLayout } from "@/components/shell/centered-layout";
import { forgotPasswordAvailable } from "@/server/services/passwords/forgot-available";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  // Already signed in: the overview (or the organization choice) is where they meant to go.
  if (await loadViewer()) redirect("/");
  return (
    <CenteredLayout>
      <SignInForm forgotAvailable={forgotPasswordAvailable()} />
    </CenteredLayout>
  );
}
