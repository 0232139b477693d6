-- CreateIndex
CREATE INDEX "turns_organizationId_createdAt_idx" ON "turns"("organizationId", "createdAt");
