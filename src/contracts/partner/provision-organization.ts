import { z } from "zod";
import { CLIENT_SEGMENT_PATTERN } from "@/contracts/common/patterns";
import { routeMeta } from "@/contracts/common/meta";
import { ZFollowerRecord } from "./follower-record";

export const provisionOrganizationMeta = routeMeta({
  examples: {
    request: {
      clientName: "Acme Bakery",
      clientSegment: "acme-bakery",
      directLoginDisabled: true,
      ownerName: "Ada Baker",
      domainName: "Front office",
    },
    response: {
      orgId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      clientName: "Acme Bakery",
      clientSegment: "acme-bakery",
      directLoginDisabled: true,
      domainName: "Front office",
      domains: [{ id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Front office" }],
      onboardingStatus: "pending",
      onboardingSteps: [],
      onboardingError: null,
      release: {
        templateId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
        templateName: "Support triage",
        version: 1,
        releaseId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      },
      owner: {
        userId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
        name: "Ada Baker",
        invitation: {
          url: "https://agents.example.com/invitations/accept?token=inv_7Hq2LmPx",
          expiresAt: "2026-03-21T09:30:00.000Z",
        },
      },
      createdAt: "2026-03-14T09:30:00.000Z",
    },
  },
  idempotency: "required",
  surface: "partner-v1",
  method: "POST",
  path: "/organizations",
  summary: "Provision one customer organization",
  description:
    "Creates a customer organization (a follower) of the key's platform, its owner with a single-use activation link, and a durable onboarding run that applies the platform's provisioning template. 202 means the customer record exists; read `onboardingStatus` (or GET /organizations/{orgId}) for convergence. Requires an `Idempotency-Key` header (1-128 letters, digits, `.`, `_`, `:`, `-`; sent once), scoped to the partner key and kept 7 days: a completed retry answers 202 with the stored record, `Idempotency-Replayed: true` and `owner.invitation: null`, and creates nothing. Checks, in order: platform standing, grant, template, segment format, identifier, quota.",
  tags: ["Provisioning"],
  security: ["partnerKey"],
  successStatus: 202,
  errors: {
    400: "Invalid or unknown body fields, or a missing, malformed, repeated or comma-joined Idempotency-Key (VALIDATION); clientSegment is not a URL segment (CLIENT_SEGMENT_INVALID).",
    401: "Missing, invalid or revoked partner key (UNAUTHORIZED).",
    403: "The platform is suspended (PARTNER_PLATFORM_SUSPENDED); the platform's grant does not allow provisioning (PROVISIONING_NOT_ENABLED); the customer allowance is spent (QUOTA_EXHAUSTED).",
    409: "The template is suspended or has no release (TEMPLATE_SUSPENDED); the segment is taken (IDENTIFIER_TAKEN, `details.existing` when it is one of your customers); the key was used with another body (IDEMPOTENCY_KEY_REUSED); the original is still running, retry after `Retry-After` (IDEMPOTENCY_IN_PROGRESS); an earlier attempt under this key failed after it may have committed (IDEMPOTENCY_OUTCOME_UNKNOWN).",
    500: "The attempt failed after execution began; its outcome is unknown (PROVISIONING_FAILED). Retries of the key answer IDEMPOTENCY_OUTCOME_UNKNOWN; inspect your customers before provisioning again under a new key.",
  },
});

const name = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(max, `must be at most ${max} characters`)
    .meta({ description: `${what}, 1-${max} characters (trimmed).` });

export const ZProvisionOrganizationRequest = z.strictObject({
  clientName: name("The customer's name; becomes the organization's name", 200),
  // Checked by the service, which answers CLIENT_SEGMENT_INVALID: the pattern is documented here.
  clientSegment: z.string().meta({
    minLength: 1,
    maxLength: 63,
    pattern: CLIENT_SEGMENT_PATTERN.source,
    description:
      "A URL segment: 1-63 lowercase letters, digits and `-`, starting and ending with a letter or digit. Becomes the organization's identifier (unique across the service).",
  }),
  // Not z.boolean(): the OpenAPI adapter coerces boolean fields of bodies too ("no" would be true).
  directLoginDisabled: z.literal([true, false], "must be a boolean").meta({
    description:
      "`true`: the customer's people never sign in with a password; they reach the service only through the platform (leases, support).",
  }),
  ownerName: name("The owner's display name", 200),
  domainName: name("Name of the customer's primary domain", 120),
});
export type TProvisionOrganizationRequest = z.infer<typeof ZProvisionOrganizationRequest>;

export const ZProvisionOrganizationResponse = ZFollowerRecord;
export type TProvisionOrganizationResponse = z.infer<typeof ZProvisionOrganizationResponse>;
