import type { TLeaseActor, TPartnerActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { requestKeys } from "@/server/ratelimit/request-keys";
import { leaseRefused } from "@/server/services/partner/leases/lease-access";
import { resolveTenantActor } from "@/server/services/partner/tenant/tenant-actor";
import { apiRoute } from "./api-route";
import { serveSessionStream } from "./serve-session-stream";

type TParams = { orgId: string; sessionId: string };

/**
 * GET /api/partner/v1/organizations/:orgId/agents/sessions/:sessionId/stream: the v1 session
 * stream (same frames, snapshot and resume) for the person `X-Service-Subject` names, with the
 * tenant routes' credentials and refusals (tenantProcedure in trpc/procedures.ts) and the partner
 * surface's rate limits, counted by credential and by the path's organization. Served through
 * the Pages API route beside the v1 stream's (docs/decisions.md).
 */
const handle = apiRoute<TParams>(
  {
    route: "/api/partner/v1/organizations/[orgId]/agents/sessions/[sessionId]/stream",
    methods: ["GET"],
    rateLimit: (req, params) => ({
      surface: "partner-v1",
      keys: requestKeys(req, `/organizations/${params.orgId}`),
    }),
  },
  async (req, { params }) => {
    const credential = (await authenticateBearer(req.headers, ["partner_key", "lease_token"])) as
      TPartnerActor | TLeaseActor | null;
    // The neutral 401 of every refused partner credential.
    if (!credential) throw leaseRefused();
    const { actor } = await resolveTenantActor({
      credential,
      orgId: params.orgId,
      subject: req.headers.get("x-service-subject"),
    });
    return serveSessionStream(req, actor, params.sessionId);
  },
);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
