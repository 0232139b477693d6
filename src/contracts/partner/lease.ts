import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

/** Section 8: a partner lease lives one hour. */
export const LEASE_TTL_SECONDS = 60 * 60;
export const PARTNER_SUBJECT_MAX = 200;

export const ZPartnerSubject = z
  .string()
  .min(1, "must not be empty")
  .max(PARTNER_SUBJECT_MAX, `must be at most ${PARTNER_SUBJECT_MAX} characters`)
  .meta({ description: "The platform's own id of the named worker, 1-200 characters, compared exactly." });

/** Both lease routes answer with this shape; the secret is shown once and stored only as a hash. */
export const ZLease = z
  .object({
    token: z
      .string()
      .meta({ description: "The `ykt_` lease, shown once. Send it as `Authorization: Bearer ykt_...`." }),
    expiresAt: ZIsoDateTime.meta({ description: "One hour after issue." }),
    orgId: ZUuid,
    appId: ZUuid,
    partnerSubject: z
      .string()
      .nullable()
      .meta({ description: "The named worker of a worker lease; null for an app lease." }),
  })
  .meta({ id: "PartnerLease" });
export type TLease = z.infer<typeof ZLease>;

/** One neutral refusal for every id the platform cannot lease (section 5 rule 2). */
export const LEASE_404 =
  "No customer of this platform with this orgId, no usable app of this platform with this appId, or (worker leases) no worker vouched under this partnerSubject in that customer: the same answer for each (NOT_FOUND).";
export const PARTNER_401 = "Missing, invalid or revoked partner key, or a credential of another kind (UNAUTHORIZED).";
export const LEASE_401 =
  "Missing, invalid or expired lease; a lease whose app was revoked, whose platform is suspended, or (worker routes) that names no current worker; or a credential of another kind (UNAUTHORIZED).";
export const SUSPENDED_403 = "The platform is suspended (PARTNER_PLATFORM_SUSPENDED).";
