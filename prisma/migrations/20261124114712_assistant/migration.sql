-- CreateEnum
CREATE TYPE "AssistantWorkerStatus" AS ENUM ('ACTIVE', 'RETIRED');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "assistant_configs" (
    "organizationId" UUID NOT NULL,
    "assistantAutomationId" UUID,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "webhookSecretHint" TEXT,
    "eventSeq" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "assistant_configs_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "assistant_workers" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "externalRef" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "status" "AssistantWorkerStatus" NOT NULL DEFAULT 'ACTIVE',
    "sessionId" UUID,
    "policy" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "assistant_workers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assistant_events" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "workerId" UUID,
    "type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assistant_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "succeededAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "deliveryId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "durationMs" INTEGER,
    "statusCode" INTEGER,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "assistant_workers_sessionId_key" ON "assistant_workers"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "assistant_workers_organizationId_externalRef_key" ON "assistant_workers"("organizationId", "externalRef");

-- CreateIndex
CREATE INDEX "assistant_events_organizationId_workerId_seq_idx" ON "assistant_events"("organizationId", "workerId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "assistant_events_organizationId_seq_key" ON "assistant_events"("organizationId", "seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_organizationId_createdAt_idx" ON "webhook_deliveries"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_nextAttemptAt_idx" ON "webhook_deliveries"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_deliveryId_number_key" ON "webhook_attempts"("deliveryId", "number");

-- AddForeignKey
ALTER TABLE "assistant_configs" ADD CONSTRAINT "assistant_configs_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_workers" ADD CONSTRAINT "assistant_workers_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_events" ADD CONSTRAINT "assistant_events_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "assistant_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
