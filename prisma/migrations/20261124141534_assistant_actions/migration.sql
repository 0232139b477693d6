-- CreateEnum
CREATE TYPE "AssistantActionState" AS ENUM ('PENDING', 'DONE', 'FAILED', 'DROPPED');

-- CreateEnum
CREATE TYPE "AssistantApprovalState" AS ENUM ('PENDING', 'DECIDED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "AssistantApprovalDecision" AS ENUM ('APPROVE', 'REJECT', 'REVISE');

-- AlterTable
ALTER TABLE "assistant_workers" ADD COLUMN     "approvalSeq" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "automations" ADD COLUMN     "actionClasses" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "assistant_actions" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workerId" UUID NOT NULL,
    "turnId" UUID NOT NULL,
    "toolCallId" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "state" "AssistantActionState" NOT NULL DEFAULT 'PENDING',
    "resultCode" TEXT,
    "resultMessage" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "assistant_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assistant_approvals" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workerId" UUID NOT NULL,
    "actionId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "state" "AssistantApprovalState" NOT NULL DEFAULT 'PENDING',
    "decision" "AssistantApprovalDecision",
    "editedArgs" JSONB,
    "instruction" TEXT,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "assistant_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "assistant_actions_toolCallId_key" ON "assistant_actions"("toolCallId");

-- CreateIndex
CREATE INDEX "assistant_actions_workerId_createdAt_idx" ON "assistant_actions"("workerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "assistant_approvals_actionId_key" ON "assistant_approvals"("actionId");

-- CreateIndex
CREATE INDEX "assistant_approvals_workerId_state_requestedAt_idx" ON "assistant_approvals"("workerId", "state", "requestedAt");

-- CreateIndex
CREATE INDEX "assistant_approvals_state_expiresAt_idx" ON "assistant_approvals"("state", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "assistant_approvals_workerId_number_key" ON "assistant_approvals"("workerId", "number");

-- AddForeignKey
ALTER TABLE "assistant_actions" ADD CONSTRAINT "assistant_actions_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "assistant_workers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_actions" ADD CONSTRAINT "assistant_actions_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "tool_calls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_approvals" ADD CONSTRAINT "assistant_approvals_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "assistant_workers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assistant_approvals" ADD CONSTRAINT "assistant_approvals_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "assistant_actions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
