-- CreateEnum
CREATE TYPE "TemplateStatus" AS ENUM ('ACTIVE', 'SUSPENDED');

-- CreateEnum
CREATE TYPE "OnboardingStatus" AS ENUM ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED');

-- CreateEnum
CREATE TYPE "ProvisioningClaimState" AS ENUM ('IN_PROGRESS', 'COMPLETED', 'INDETERMINATE');

-- AlterTable
ALTER TABLE "automations" ADD COLUMN     "templateKey" TEXT;

-- AlterTable
ALTER TABLE "partner_keys" DROP COLUMN "provisioningEnabled";

-- AlterTable
ALTER TABLE "partner_platforms" ADD COLUMN     "customerQuota" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "customersProvisioned" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "provisioningEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "provisioningTemplateId" UUID,
ADD COLUMN     "returnUrls" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "isInstanceOperator" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "partner_apps" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "partner_apps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partner_templates" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "TemplateStatus" NOT NULL DEFAULT 'ACTIVE',
    "sourceOrganizationId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_releases" (
    "id" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "blueprint" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "template_releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "followers" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "clientName" TEXT NOT NULL,
    "clientSegment" TEXT NOT NULL,
    "directLoginDisabled" BOOLEAN NOT NULL,
    "ownerName" TEXT NOT NULL,
    "ownerUserId" UUID NOT NULL,
    "domainName" TEXT NOT NULL,
    "releaseId" UUID,
    "onboardingStatus" "OnboardingStatus" NOT NULL DEFAULT 'PENDING',
    "onboardingSteps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "onboardingError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "onboardedAt" TIMESTAMP(3),

    CONSTRAINT "followers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provisioning_claims" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "partnerKeyId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "requestDigest" TEXT NOT NULL,
    "state" "ProvisioningClaimState" NOT NULL DEFAULT 'IN_PROGRESS',
    "responseBody" JSONB,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioning_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_invitations" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "worker_mappings" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "partnerSubject" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "domainRoles" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_entitlements" (
    "automationId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "defaultEnabled" BOOLEAN NOT NULL DEFAULT true,
    "overrideEnabled" BOOLEAN,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "automation_entitlements_pkey" PRIMARY KEY ("automationId")
);

-- CreateTable
CREATE TABLE "support_grants" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "grantedByUserId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "support_grants_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "partner_apps_platformId_idx" ON "partner_apps"("platformId");

-- CreateIndex
CREATE UNIQUE INDEX "partner_templates_platformId_name_key" ON "partner_templates"("platformId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "template_releases_templateId_version_key" ON "template_releases"("templateId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "followers_organizationId_key" ON "followers"("organizationId");

-- CreateIndex
CREATE INDEX "followers_platformId_idx" ON "followers"("platformId");

-- CreateIndex
CREATE INDEX "provisioning_claims_expiresAt_idx" ON "provisioning_claims"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "provisioning_claims_partnerKeyId_key_key" ON "provisioning_claims"("partnerKeyId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "owner_invitations_prefix_key" ON "owner_invitations"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "worker_mappings_organizationId_partnerSubject_key" ON "worker_mappings"("organizationId", "partnerSubject");

-- CreateIndex
CREATE INDEX "automation_entitlements_organizationId_idx" ON "automation_entitlements"("organizationId");

-- CreateIndex
CREATE INDEX "support_grants_organizationId_idx" ON "support_grants"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "automations_organizationId_templateKey_key" ON "automations"("organizationId", "templateKey");

-- CreateIndex
CREATE INDEX "lease_tokens_organizationId_partnerSubject_idx" ON "lease_tokens"("organizationId", "partnerSubject");

-- CreateIndex
CREATE INDEX "partner_keys_platformId_idx" ON "partner_keys"("platformId");

-- CreateIndex
CREATE UNIQUE INDEX "partner_platforms_provisioningTemplateId_key" ON "partner_platforms"("provisioningTemplateId");

-- AddForeignKey
ALTER TABLE "partner_platforms" ADD CONSTRAINT "partner_platforms_provisioningTemplateId_fkey" FOREIGN KEY ("provisioningTemplateId") REFERENCES "partner_templates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_apps" ADD CONSTRAINT "partner_apps_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_templates" ADD CONSTRAINT "partner_templates_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_templates" ADD CONSTRAINT "partner_templates_sourceOrganizationId_fkey" FOREIGN KEY ("sourceOrganizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_releases" ADD CONSTRAINT "template_releases_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "partner_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "followers" ADD CONSTRAINT "followers_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "followers" ADD CONSTRAINT "followers_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "followers" ADD CONSTRAINT "followers_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "template_releases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provisioning_claims" ADD CONSTRAINT "provisioning_claims_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provisioning_claims" ADD CONSTRAINT "provisioning_claims_partnerKeyId_fkey" FOREIGN KEY ("partnerKeyId") REFERENCES "partner_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_invitations" ADD CONSTRAINT "owner_invitations_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_invitations" ADD CONSTRAINT "owner_invitations_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worker_mappings" ADD CONSTRAINT "worker_mappings_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worker_mappings" ADD CONSTRAINT "worker_mappings_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worker_mappings" ADD CONSTRAINT "worker_mappings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automation_entitlements" ADD CONSTRAINT "automation_entitlements_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automation_entitlements" ADD CONSTRAINT "automation_entitlements_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "partner_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
