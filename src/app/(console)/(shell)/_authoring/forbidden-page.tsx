import { BackLink } from "@/components/authoring/back-link";
import { NotAllowed } from "@/components/authoring/not-allowed";
import { PageHeader } from "@/components/ui/page-header";

/** A detail page the person's role does not open: the service's reason, and the way back. */
export function ForbiddenPage({
  title,
  backHref,
  backLabel,
  message,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  message: string;
}) {
  return (
    <>
      <BackLink href={backHref}>{backLabel}</BackLink>
      <PageHeader title={title} />
      <NotAllowed>{message}</NotAllowed>
    </>
  );
}
