import { userActor } from "../src/server/auth/authenticate";
import { db } from "../src/server/db/client";
import { leaseFor } from "./entitlements-kit";
import { partnerPlatform, partnerRequest, seedFollower, type TPartnerResponse } from "./partner-kit";

/** Helpers for the partner tenant routes (/organizations/{orgId}/..., issue 40). */

export type TTenantOptions = {
  /** `X-Service-Subject`; null sends none. Default `owner`. */
  subject?: string | null;
  /** The bearer credential; null sends none. Default the platform's partner key. */
  credential?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
};

/** A platform with one provisioned customer, its owner (subject `owner`) and vouched workers. */
export async function tenantWorld() {
  const partner = await partnerPlatform();
  const { organization, domain, owner } = await seedFollower(partner.platform.id);
  const orgId = organization.id;
  const ownerActor = (await userActor(owner.id, orgId, "api_key", null))!;
  const vouch = async (partnerSubject: string, role: "viewer" | "operator" | "editor" | "owner") => {
    const response = await partnerRequest("POST", `/organizations/${orgId}/workers`, {
      credential: partner.key,
      body: { partnerSubject, displayName: `Worker ${partnerSubject}`, domainRoles: [{ domainId: domain.id, role }] },
    });
    if (response.status !== 201) throw new Error(`vouch ${partnerSubject}: ${JSON.stringify(response.body)}`);
    return response.body as { id: string; userId: string };
  };
  const tenant = (method: string, path: string, o: TTenantOptions = {}): Promise<TPartnerResponse> =>
    partnerRequest(method, path.startsWith("/organizations/") ? path : `/organizations/${orgId}${path}`, {
      credential: o.credential === undefined ? partner.key : o.credential,
      body: o.body,
      headers: { ...(o.subject === null ? {} : { "x-service-subject": o.subject ?? "owner" }), ...o.headers },
    });
  const appLease = (forOrgId = orgId, partnerSubject?: string) =>
    leaseFor(partner.platform.id, forOrgId, partner.appId, partnerSubject ? { partnerSubject } : {});
  return { partner, orgId, domain, owner, ownerActor, vouch, tenant, appLease };
}

export type TTenantWorld = Awaited<ReturnType<typeof tenantWorld>>;

/** Suspends a session's turn on a pending approval, as the turn loop would (no model involved). */
export async function pendingApproval(sessionId: string, turnId: string) {
  const call = await db().toolCall.create({
    data: {
      turnId,
      sessionId,
      index: 0,
      toolName: "service.http.post",
      integrationId: "service.http",
      args: {},
      status: "AWAITING_APPROVAL",
    },
  });
  const approval = await db().approval.create({
    data: { sessionId, turnId, toolCallId: call.id, toolName: "service.http.post" },
  });
  await db().turn.update({ where: { id: turnId }, data: { status: "SUSPENDED" } });
  return approval.id;
}
