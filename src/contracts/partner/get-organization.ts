import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZFollowerRecord } from "./follower-record";

export const getOrganizationMeta = routeMeta({
  surface: "partner-v1",
  method: "GET",
  path: "/organizations/{orgId}",
  summary: "Read one customer and its onboarding state",
  description:
    "The customer record as POST /organizations answered it, with the onboarding state as it is now. `owner.invitation` is always null here.",
  tags: ["Provisioning"],
  security: ["partnerKey"],
  errors: {
    401: "Missing, invalid or revoked partner key (UNAUTHORIZED).",
    404: "No customer of your platform with this id (NOT_FOUND); another platform's customer and an unknown id answer the same.",
  },
});

export const ZGetOrganizationRequest = z.strictObject({
  orgId: z.string().meta({ description: "The customer organization's id (UUID)." }),
});
export type TGetOrganizationRequest = z.infer<typeof ZGetOrganizationRequest>;

export const ZGetOrganizationResponse = ZFollowerRecord;
