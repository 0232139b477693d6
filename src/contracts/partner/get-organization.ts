import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZFollowerRecord } from "./follower-record";

export const getOrganizationMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      orgId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      clientName: "Acme Bakery",
      clientSegment: "acme-bakery",
      directLoginDisabled: true,
      domainName: "Front office",
      domains: [{ id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Front office" }],
      onboardingStatus: "completed",
      onboardingSteps: ["domains", "automation:support-triage", "entitlements"],
      onboardingError: null,
      release: {
        templateId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
        templateName: "Support triage",
        version: 1,
        releaseId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      },
      owner: { userId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", name: "Ada Baker", invitation: null },
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
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
