import { z } from "zod";
import { ZIntegrationDetail } from "./integration";

/** Console only: organization Owners and Admins add an integration from an OpenAPI 3.x document. */
export const ZImportOpenApiIntegrationRequest = z.strictObject({
  document: z.union([z.record(z.string(), z.unknown()), z.string().min(1).max(5_000_000)]),
  name: z.string().trim().min(1).max(120).optional(),
  baseUrl: z.string().trim().min(1).max(2_000).optional(),
});

export const ZImportOpenApiIntegrationResponse = z.object({
  integration: ZIntegrationDetail,
  baseUrl: z.string(),
  credentialFields: z.array(z.object({ name: z.string(), description: z.string(), header: z.string().optional() })),
  /** Operations that did not become tools, with the reason. */
  skipped: z.array(z.object({ operation: z.string(), reason: z.string() })),
});

export type TImportOpenApiIntegrationRequest = z.infer<typeof ZImportOpenApiIntegrationRequest>;
export type TImportOpenApiIntegrationResponse = z.infer<typeof ZImportOpenApiIntegrationResponse>;
