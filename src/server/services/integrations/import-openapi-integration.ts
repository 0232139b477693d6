import type {
  TImportOpenApiIntegrationRequest,
  TImportOpenApiIntegrationResponse,
} from "@/contracts/integrations/import-openapi-integration";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";
import { integrationFromOpenApi, type TImportedIntegration } from "@/server/integrations/openapi-import";
import { toIntegrationDetail } from "./to-integration";

function conflict(imported: TImportedIntegration, disabled: boolean): AppError {
  const state = disabled ? " (it is disabled; ids are never reused)" : "";
  return new AppError(
    "CONFLICT",
    `This organization already has the integration ${imported.id}${state}. Import it under another name.`,
    {
      details: { id: imported.id },
    },
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Adds a custom integration from an OpenAPI document. Organization administration, not a
 * domain permission: the integration becomes visible to every domain of the organization.
 */
export async function importOpenApiIntegration(
  actor: TUserActor,
  input: TImportOpenApiIntegrationRequest,
): Promise<TImportOpenApiIntegrationResponse> {
  assertOrgAdmin(actor);
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: actor.orgId },
    select: { slug: true },
  });
  const imported = integrationFromOpenApi({
    document: input.document,
    orgSlug: organization.slug,
    orgId: actor.orgId,
    name: input.name,
    baseUrl: input.baseUrl,
  });
  const existing = await db().customIntegration.findUnique({
    where: { id: imported.id },
    select: { disabledAt: true },
  });
  if (existing) throw conflict(imported, existing.disabledAt !== null);
  try {
    await db().customIntegration.create({
      data: {
        id: imported.id,
        organizationId: actor.orgId,
        name: imported.name,
        description: imported.description,
        baseUrl: imported.baseUrl,
        credentialFields: imported.credentialFields,
        // JSON-safe by construction (built from a parsed JSON document).
        tools: imported.tools as unknown as Prisma.InputJsonValue,
        createdById: actor.userId,
      },
      select: { id: true },
    });
  } catch (error) {
    // Two imports of the same name at once: the second loses the race on the primary key.
    if (isUniqueViolation(error)) throw conflict(imported, false);
    throw error;
  }
  const integration = toIntegrationDetail({
    id: imported.id,
    name: imported.name,
    description: imported.description,
    builtIn: false,
    credential: {
      token: true,
      fields: imported.credentialFields,
      prefers: imported.credentialFields.length ? "fields" : "token",
    },
    tools: imported.tools,
  });
  return {
    integration,
    baseUrl: imported.baseUrl,
    credentialFields: imported.credentialFields,
    skipped: imported.skipped,
  };
}
