import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireOrganization } from "@/app/_lib/viewer";
import { ApiReference } from "@/components/reference/api-reference";
import { OPENAPI_URL, REFERENCE_BASE, ReferenceTabs } from "@/components/reference/reference-tabs";
import { REFERENCE_SURFACES, referenceSurfaceOf, SDK_NOTE } from "@/components/reference/surfaces";
import { PageHeader } from "@/components/ui/page-header";

type TParams = { params: Promise<{ surface: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const surface = referenceSurfaceOf((await params).surface);
  return { title: surface ? REFERENCE_SURFACES[surface].title : "API reference" };
}

/** /reference/v1 and /reference/partner: the service's own OpenAPI documents, rendered. */
export default async function ReferencePage({ params }: TParams) {
  await requireOrganization();
  const surface = referenceSurfaceOf((await params).surface);
  if (!surface) notFound();
  return (
    <div data-layout="full-width">
      <PageHeader
        title="API reference"
        description={`${REFERENCE_SURFACES[surface].description} ${SDK_NOTE}`}
        actions={<Link href={`${REFERENCE_BASE.public}/${surface}`}>Public link for developers</Link>}
      />
      <ReferenceTabs current={surface} />
      <ApiReference url={OPENAPI_URL[surface]} />
    </div>
  );
}
