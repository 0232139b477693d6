-- CreateEnum
CREATE TYPE "AutomationKind" AS ENUM ('AGENT', 'FLOW');

-- CreateEnum
CREATE TYPE "KnowledgeMode" AS ENUM ('NONE', 'ORG', 'DOMAIN', 'MODULES');

-- CreateEnum
CREATE TYPE "KnowledgeModuleKind" AS ENUM ('DOMAIN', 'ORG');

-- CreateTable
CREATE TABLE "automations" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "kind" "AutomationKind" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "principles" TEXT NOT NULL DEFAULT '',
    "procedure" TEXT NOT NULL DEFAULT '',
    "model" TEXT NOT NULL DEFAULT 'builtin:echo',
    "approvalTools" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "bindingPolicies" JSONB NOT NULL DEFAULT '{}',
    "knowledgeMode" "KnowledgeMode" NOT NULL DEFAULT 'NONE',
    "knowledgeModuleIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "publishedRevision" INTEGER,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "automations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_revisions" (
    "id" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "setup" JSONB NOT NULL,
    "belt" JSONB NOT NULL,
    "knowledgeSelection" JSONB NOT NULL,
    "changeNote" TEXT,
    "publishedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "automation_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_integrations" (
    "id" TEXT NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "baseUrl" TEXT NOT NULL,
    "credentialFields" JSONB NOT NULL DEFAULT '[]',
    "tools" JSONB NOT NULL DEFAULT '[]',
    "disabledAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connections" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "integrationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sealedSecret" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL DEFAULT '',
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "knowledge_bases" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID,
    "scopeKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "knowledge_bases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "knowledge_articles" (
    "id" UUID NOT NULL,
    "baseId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "draftBody" TEXT,
    "publishedTitle" TEXT,
    "publishedBody" TEXT,
    "publishedAt" TIMESTAMP(3),
    "searchVector" tsvector,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "knowledge_articles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "knowledge_modules" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID,
    "kind" "KnowledgeModuleKind" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "knowledge_modules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "knowledge_module_articles" (
    "id" UUID NOT NULL,
    "moduleId" UUID NOT NULL,
    "articleId" UUID NOT NULL,
    "addedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "knowledge_module_articles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "automations_organizationId_domainId_idx" ON "automations"("organizationId", "domainId");

-- CreateIndex
CREATE UNIQUE INDEX "automation_revisions_automationId_revision_key" ON "automation_revisions"("automationId", "revision");

-- CreateIndex
CREATE INDEX "custom_integrations_organizationId_idx" ON "custom_integrations"("organizationId");

-- CreateIndex
CREATE INDEX "connections_organizationId_domainId_integrationId_idx" ON "connections"("organizationId", "domainId", "integrationId");

-- CreateIndex
CREATE UNIQUE INDEX "knowledge_bases_scopeKey_key" ON "knowledge_bases"("scopeKey");

-- CreateIndex
CREATE INDEX "knowledge_articles_baseId_idx" ON "knowledge_articles"("baseId");

-- CreateIndex
CREATE INDEX "knowledge_articles_searchVector_idx" ON "knowledge_articles" USING GIN ("searchVector");

-- CreateIndex
CREATE INDEX "knowledge_modules_organizationId_idx" ON "knowledge_modules"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "knowledge_module_articles_moduleId_articleId_key" ON "knowledge_module_articles"("moduleId", "articleId");

-- AddForeignKey
ALTER TABLE "automations" ADD CONSTRAINT "automations_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automations" ADD CONSTRAINT "automations_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automation_revisions" ADD CONSTRAINT "automation_revisions_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_integrations" ADD CONSTRAINT "custom_integrations_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_bases" ADD CONSTRAINT "knowledge_bases_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_bases" ADD CONSTRAINT "knowledge_bases_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_baseId_fkey" FOREIGN KEY ("baseId") REFERENCES "knowledge_bases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_modules" ADD CONSTRAINT "knowledge_modules_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_modules" ADD CONSTRAINT "knowledge_modules_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_module_articles" ADD CONSTRAINT "knowledge_module_articles_moduleId_fkey" FOREIGN KEY ("moduleId") REFERENCES "knowledge_modules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "knowledge_module_articles" ADD CONSTRAINT "knowledge_module_articles_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "knowledge_articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
