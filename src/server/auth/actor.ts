import type { OrgRole } from "@/server/db/generated/enums";

/**
 * How a user proved who they are on this request. `partner`: a partner key or app lease acting for
 * the person its `X-Service-Subject` names (tenant routes, services/partner/tenant/tenant-actor.ts).
 */
export type TUserCredentialKind = "api_key" | "user_token" | "cookie" | "partner";

/** A person acting inside one organization; re-read from the database on every request. */
export type TUserActor = {
  kind: "user";
  userId: string;
  email: string;
  name: string;
  orgId: string;
  orgRole: OrgRole;
  via: TUserCredentialKind;
  credentialId: string | null;
};

/** A partner platform acting through its long-lived key (ykp_). */
export type TPartnerActor = {
  kind: "partner";
  platformId: string;
  keyId: string;
  platformSuspended: boolean;
  provisioningEnabled: boolean;
};

/** A platform acting through a one-hour lease (ykt_) for one organization and app. */
export type TLeaseActor = {
  kind: "lease";
  platformId: string;
  orgId: string;
  appId: string;
  partnerSubject: string | null;
  tokenId: string;
};

export type TActor = TUserActor | TPartnerActor | TLeaseActor;
