-- CreateEnum
CREATE TYPE "SessionKind" AS ENUM ('DOMAIN', 'PERSONAL');

-- CreateEnum
CREATE TYPE "SessionOrigin" AS ENUM ('API', 'CONSOLE', 'MCP', 'TRIGGER');

-- CreateEnum
CREATE TYPE "MessageRole" AS ENUM ('USER', 'ASSISTANT', 'SYSTEM');

-- CreateEnum
CREATE TYPE "TurnStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUSPENDED', 'COMPLETED', 'FAILED');

-- CreateEnum
CREATE TYPE "ToolCallStatus" AS ENUM ('AWAITING_APPROVAL', 'RUNNING', 'SUCCEEDED', 'FAILED', 'REJECTED');

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- AlterTable
ALTER TABLE "domains" ADD COLUMN     "approverRoles" "DomainRole"[] DEFAULT ARRAY['OWNER', 'EDITOR', 'OPERATOR']::"DomainRole"[];

-- CreateTable
CREATE TABLE "agent_sessions" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "domainId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" "SessionKind" NOT NULL,
    "origin" "SessionOrigin" NOT NULL,
    "ownerId" UUID,
    "title" TEXT NOT NULL,
    "outcome" TEXT,
    "archivedAt" TIMESTAMP(3),
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_messages" (
    "id" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "turnId" UUID,
    "role" "MessageRole" NOT NULL,
    "body" TEXT NOT NULL,
    "authorId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "turns" (
    "id" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "TurnStatus" NOT NULL DEFAULT 'QUEUED',
    "initiatedById" UUID,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costMicroUsd" BIGINT NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "turns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tool_calls" (
    "id" UUID NOT NULL,
    "turnId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "toolName" TEXT NOT NULL,
    "integrationId" TEXT NOT NULL,
    "args" JSONB NOT NULL,
    "status" "ToolCallStatus" NOT NULL,
    "identity" TEXT,
    "result" JSONB,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tool_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approvals" (
    "id" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "turnId" UUID NOT NULL,
    "toolCallId" UUID NOT NULL,
    "toolName" TEXT NOT NULL,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'PENDING',
    "routedToUserId" UUID,
    "decidedById" UUID,
    "comment" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "caller_grants" (
    "id" UUID NOT NULL,
    "turnId" UUID NOT NULL,
    "sealed" TEXT NOT NULL,
    "suppliedById" UUID,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "caller_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_events" (
    "id" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "llm_budgets" (
    "organizationId" UUID NOT NULL,
    "monthlyTokenLimit" INTEGER,
    "monthlyCostMicroUsd" BIGINT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "llm_budgets_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "agent_sessions_organizationId_domainId_createdAt_idx" ON "agent_sessions"("organizationId", "domainId", "createdAt");

-- CreateIndex
CREATE INDEX "agent_sessions_automationId_createdAt_idx" ON "agent_sessions"("automationId", "createdAt");

-- CreateIndex
CREATE INDEX "agent_sessions_ownerId_idx" ON "agent_sessions"("ownerId");

-- CreateIndex
CREATE INDEX "session_messages_sessionId_createdAt_idx" ON "session_messages"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "turns_status_deadlineAt_idx" ON "turns"("status", "deadlineAt");

-- CreateIndex
CREATE UNIQUE INDEX "turns_sessionId_number_key" ON "turns"("sessionId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "tool_calls_turnId_index_key" ON "tool_calls"("turnId", "index");

-- CreateIndex
CREATE UNIQUE INDEX "approvals_toolCallId_key" ON "approvals"("toolCallId");

-- CreateIndex
CREATE INDEX "approvals_sessionId_status_idx" ON "approvals"("sessionId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "caller_grants_turnId_key" ON "caller_grants"("turnId");

-- CreateIndex
CREATE UNIQUE INDEX "session_events_sessionId_seq_key" ON "session_events"("sessionId", "seq");

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "domains"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "turns" ADD CONSTRAINT "turns_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_turnId_fkey" FOREIGN KEY ("turnId") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_turnId_fkey" FOREIGN KEY ("turnId") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_toolCallId_fkey" FOREIGN KEY ("toolCallId") REFERENCES "tool_calls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caller_grants" ADD CONSTRAINT "caller_grants_turnId_fkey" FOREIGN KEY ("turnId") REFERENCES "turns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "llm_budgets" ADD CONSTRAINT "llm_budgets_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
