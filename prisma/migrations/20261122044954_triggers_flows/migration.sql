-- CreateEnum
CREATE TYPE "TriggerType" AS ENUM ('SCHEDULE', 'API', 'EVENT');

-- CreateEnum
CREATE TYPE "FiringSource" AS ENUM ('API', 'SCHEDULE', 'EVENT', 'MANUAL');

-- CreateEnum
CREATE TYPE "SubscriberOutcome" AS ENUM ('STARTED', 'SKIPPED', 'FAILED');

-- CreateEnum
CREATE TYPE "FlowRunStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUSPENDED', 'COMPLETED', 'FAILED');

-- CreateEnum
CREATE TYPE "IdempotencyState" AS ENUM ('IN_PROGRESS', 'COMPLETED');

-- AlterTable
ALTER TABLE "automations" ADD COLUMN     "flowGraph" JSONB;

-- CreateTable
CREATE TABLE "triggers" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "type" "TriggerType" NOT NULL,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "cron" TEXT,
    "timezone" TEXT,
    "input" JSONB,
    "nextFireAt" TIMESTAMP(3),
    "sourceIntegrationId" TEXT,
    "connectionId" UUID,
    "eventType" TEXT,
    "sealedEndpointSecret" TEXT,
    "eventFilter" JSONB,
    "ingressToken" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "triggers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trigger_subscriptions" (
    "id" UUID NOT NULL,
    "triggerId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trigger_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trigger_firings" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "triggerId" UUID NOT NULL,
    "source" "FiringSource" NOT NULL,
    "scheduledFor" TIMESTAMP(3),
    "actorId" UUID,
    "unusedIntegrationIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trigger_firings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firing_results" (
    "id" UUID NOT NULL,
    "firingId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "outcome" "SubscriberOutcome" NOT NULL,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "sessionId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firing_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flow_runs" (
    "id" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "status" "FlowRunStatus" NOT NULL DEFAULT 'QUEUED',
    "input" JSONB NOT NULL,
    "output" JSONB,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "flow_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "flow_step_runs" (
    "id" UUID NOT NULL,
    "flowRunId" UUID NOT NULL,
    "stepId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "output" JSONB,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "flow_step_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestDigest" TEXT NOT NULL,
    "state" "IdempotencyState" NOT NULL DEFAULT 'IN_PROGRESS',
    "responseStatus" INTEGER,
    "responseBody" JSONB,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "triggers_ingressToken_key" ON "triggers"("ingressToken");

-- CreateIndex
CREATE INDEX "triggers_organizationId_domainId_idx" ON "triggers"("organizationId", "domainId");

-- CreateIndex
CREATE INDEX "triggers_type_active_nextFireAt_idx" ON "triggers"("type", "active", "nextFireAt");

-- CreateIndex
CREATE UNIQUE INDEX "trigger_subscriptions_triggerId_automationId_key" ON "trigger_subscriptions"("triggerId", "automationId");

-- CreateIndex
CREATE INDEX "trigger_firings_organizationId_createdAt_idx" ON "trigger_firings"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "trigger_firings_triggerId_scheduledFor_key" ON "trigger_firings"("triggerId", "scheduledFor");

-- CreateIndex
CREATE INDEX "firing_results_automationId_createdAt_idx" ON "firing_results"("automationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "flow_runs_sessionId_key" ON "flow_runs"("sessionId");

-- CreateIndex
CREATE INDEX "flow_runs_automationId_createdAt_idx" ON "flow_runs"("automationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "flow_step_runs_flowRunId_index_key" ON "flow_step_runs"("flowRunId", "index");

-- CreateIndex
CREATE INDEX "idempotency_records_expiresAt_idx" ON "idempotency_records"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_organizationId_scope_key_key" ON "idempotency_records"("organizationId", "scope", "key");

-- AddForeignKey
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trigger_subscriptions" ADD CONSTRAINT "trigger_subscriptions_triggerId_fkey" FOREIGN KEY ("triggerId") REFERENCES "triggers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trigger_subscriptions" ADD CONSTRAINT "trigger_subscriptions_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trigger_firings" ADD CONSTRAINT "trigger_firings_triggerId_fkey" FOREIGN KEY ("triggerId") REFERENCES "triggers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firing_results" ADD CONSTRAINT "firing_results_firingId_fkey" FOREIGN KEY ("firingId") REFERENCES "trigger_firings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flow_step_runs" ADD CONSTRAINT "flow_step_runs_flowRunId_fkey" FOREIGN KEY ("flowRunId") REFERENCES "flow_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
