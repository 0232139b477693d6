import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireOrganization } from "@/app/_lib/viewer";
import { ApiReference } from "@/components/reference/api-reference";
import { OPENAPI_URL, ReferenceTabs, type TReferenceSurface } from "@/components/reference/reference-tabs";
import { PageHeader } from "@/components/ui/page-header";

const SURFACES: Record<TReferenceSurface, { title: string; description: string }> = {
  v1: {
    title: "Customer API reference",
    description: "Run agents and flows, author automations and manage knowledge with an API key or access token.",
  },
  partner: {
    title: "Partner API reference",
    description: "Provision customer organizations, lease tokens and manage assistant workers with a partner key.",
  },
};

/** Where the SDKs are (generated from these documents; retries, idempotency keys, the stream and webhooks built in). */
const SDK_NOTE =
  "SDKs generated from this document: TypeScript (sdk/typescript) and Python (sdk/python) in the service's repository; see their READMEs.";

type TParams = { params: Promise<{ surface: string }> };

function surfaceOf(value: string): TReferenceSurface | null {
  return Object.hasOwn(SURFACES, value) ? (value as TReferenceSurface) : null;
}

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const surface = surfaceOf((await params).surface);
  return { title: surface ? SURFACES[surface].title : "API reference" };
}

/** /reference/v1 and /reference/partner: the service's own OpenAPI documents, rendered. */
export default async function ReferencePage({ params }: TParams) {
  await requireOrganization();
  const surface = surfaceOf((await params).surface);
  if (!surface) notFound();
  return (
    <div data-layout="full-width">
      <PageHeader title="API reference" description={`${SURFACES[surface].description} ${SDK_NOTE}`} />
      <ReferenceTabs current={surface} />
      <ApiReference url={OPENAPI_URL[surface]} />
    </div>
  );
}
