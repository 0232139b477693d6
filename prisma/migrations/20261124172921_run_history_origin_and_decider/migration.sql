-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "SessionOrigin" ADD VALUE 'ASSISTANT';
ALTER TYPE "SessionOrigin" ADD VALUE 'FLOW';

-- AlterTable
ALTER TABLE "agent_sessions" ADD COLUMN     "originApiKeyId" UUID,
ADD COLUMN     "originTriggerId" UUID;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_originTriggerId_fkey" FOREIGN KEY ("originTriggerId") REFERENCES "triggers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_originApiKeyId_fkey" FOREIGN KEY ("originApiKeyId") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Deciders deleted before this key existed would block it; their decisions stay, unnamed.
UPDATE "approvals" SET "decidedById" = NULL WHERE "decidedById" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "approvals"."decidedById");

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
