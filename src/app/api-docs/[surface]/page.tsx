import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiReference } from "@/components/reference/api-reference";
import { OPENAPI_URL, REFERENCE_BASE, ReferenceTabs } from "@/components/reference/reference-tabs";
import { REFERENCE_SURFACES, referenceSurfaceOf, SDK_NOTE } from "@/components/reference/surfaces";
import { PageHeader } from "@/components/ui/page-header";
import styles from "./public-reference.module.css";

type TParams = { params: Promise<{ surface: string }> };

export async function generateMetadata({ params }: TParams): Promise<Metadata> {
  const surface = referenceSurfaceOf((await params).surface);
  return { title: surface ? REFERENCE_SURFACES[surface].title : "API reference" };
}

/**
 * /api-docs/v1 and /api-docs/partner: the same references as the console's, readable without a
 * console account (a partner's developers have none). The documents themselves are public
 * (GET /api/v1/openapi.json, /api/partner/v1/openapi.json); this page only renders them.
 */
export default async function PublicReferencePage({ params }: TParams) {
  const surface = referenceSurfaceOf((await params).surface);
  if (!surface) notFound();
  return (
    <main className={styles.page} data-layout="full-width">
      <PageHeader
        title={REFERENCE_SURFACES[surface].title}
        description={`${REFERENCE_SURFACES[surface].description} ${SDK_NOTE}`}
      />
      <ReferenceTabs current={surface} base={REFERENCE_BASE.public} />
      <ApiReference url={OPENAPI_URL[surface]} />
    </main>
  );
}
