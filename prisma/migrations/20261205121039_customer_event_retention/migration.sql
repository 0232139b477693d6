-- CreateIndex
CREATE INDEX "customer_events_createdAt_idx" ON "customer_events"("createdAt");
