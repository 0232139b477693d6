-- CreateEnum
CREATE TYPE "WorkerConnectionStatus" AS ENUM ('CONNECTED', 'ERROR');

-- CreateTable
CREATE TABLE "worker_connections" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workerId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "appSource" TEXT NOT NULL,
    "preset" TEXT NOT NULL,
    "status" "WorkerConnectionStatus" NOT NULL DEFAULT 'CONNECTED',
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "expiresAt" TIMESTAMP(3),
    "connectedAt" TIMESTAMP(3) NOT NULL,
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "worker_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connect_links" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workerId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "returnTo" TEXT NOT NULL,
    "appSource" TEXT NOT NULL,
    "preset" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "stateHash" TEXT,
    "codeVerifier" TEXT,
    "stateExpiresAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connect_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organization_oauth_apps" (
    "organizationId" UUID NOT NULL,
    "appId" TEXT,
    "values" JSONB NOT NULL DEFAULT '{}',
    "clientSecret" TEXT,
    "clientSecretHint" TEXT,
    "state" TEXT NOT NULL DEFAULT 'managed',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "organization_oauth_apps_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE UNIQUE INDEX "worker_connections_workerId_provider_key" ON "worker_connections"("workerId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "connect_links_tokenHash_key" ON "connect_links"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "connect_links_stateHash_key" ON "connect_links"("stateHash");

-- CreateIndex
CREATE INDEX "connect_links_expiresAt_idx" ON "connect_links"("expiresAt");

-- AddForeignKey
ALTER TABLE "worker_connections" ADD CONSTRAINT "worker_connections_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "assistant_workers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connect_links" ADD CONSTRAINT "connect_links_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "assistant_workers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organization_oauth_apps" ADD CONSTRAINT "organization_oauth_apps_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
