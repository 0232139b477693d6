import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZUuid } from "@/contracts/common/ids";
import { SUSPENDED_403 } from "@/contracts/partner/lease";
import { ZVouchWorkerBody, ZWorkerMapping } from "@/contracts/partner/worker-mapping";
import { ASSISTANT_401, ASSISTANT_IDEMPOTENCY_409, ZAssistantPathId } from "./worker";

export const EXTERNAL_REF_MAX = 200;
export const WORKER_EMAIL_MAX = 254;

// Spec 4.7 (vouch a named worker: partnerSubject, displayName, domainRoles) and 4.8 (create an
// assistant worker: external_ref, email) share POST /organizations/{orgId}/workers; the body's
// fields say which is meant, so one procedure serves both (a route has one procedure).

const assistantFields = {
  external_ref: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(EXTERNAL_REF_MAX, `must be at most ${EXTERNAL_REF_MAX} characters`)
    .meta({ description: "Assistant worker: the platform's own id of the end user, 1-200 characters (trimmed)." }),
  email: z
    .email("must be an email address")
    .max(WORKER_EMAIL_MAX, `must be at most ${WORKER_EMAIL_MAX} characters`)
    .meta({ description: "Assistant worker: the end user's email address (at most 254 characters)." }),
};

/** The two bodies as the document states them (`oneOf`): what the wide schema below accepts. */
const ZCreateWorkerBody = z
  .union([
    z
      .strictObject({ external_ref: assistantFields.external_ref, email: assistantFields.email })
      .meta({ id: "CreateAssistantWorker", description: "Spec 4.8: create or find an assistant worker." }),
    z
      .strictObject({
        partnerSubject: ZVouchWorkerBody.partnerSubject,
        displayName: ZVouchWorkerBody.displayName,
        domainRoles: ZVouchWorkerBody.domainRoles,
        organizationRole: ZVouchWorkerBody.organizationRole,
      })
      .meta({ id: "VouchWorker", description: "Spec 4.7: vouch a named worker, or update its vouch." }),
  ])
  .meta({ id: "CreateWorkerRequest" });

export const createWorkerMeta = routeMeta({
  idempotency: "optional",
  documentedBody: ZCreateWorkerBody,
  surface: "partner-v1",
  examples: {
    request: { external_ref: "crm-user-8841", email: "ops@acme.example" },
    response: { worker_ref: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e" },
  },
  method: "POST",
  path: "/organizations/{orgId}/workers",
  summary: "Create an assistant worker, or vouch a named worker",
  description:
    "Two operations share this path; the body says which. `{ external_ref, email }` (spec 4.8) creates or finds an assistant worker and answers `{ worker_ref }`: the same `external_ref` always answers the same worker (also concurrently and without an Idempotency-Key); a repeated create stores the `email` it sends; a retired worker's `external_ref` is free again and gives a new worker with an empty conversation. Idempotency-Key accepted. `{ partnerSubject, displayName, domainRoles }` (spec 4.7) vouches a named worker: it creates the mapping of `partnerSubject` to a person in the customer with exactly the given domain roles (organization role Member, or Admin with `organizationRole: 'admin'`; no password sign-in), or, when the subject is vouched already, updates its display name and replaces its domain memberships, answering the WorkerMapping with 201 both times. Fields of both bodies together are refused.",
  tags: ["Assistant workers", "Workers"],
  security: ["partnerKey"],
  successStatus: 201,
  errors: {
    400: "Unknown or invalid fields, fields of both bodies, a domain named twice, or a `domainRoles[i].domainId` that is no domain of this customer (VALIDATION).",
    401: ASSISTANT_401,
    403: SUSPENDED_403 + " (named workers)",
    404: "No follower organization of this platform with this id (NOT_FOUND).",
    409: ASSISTANT_IDEMPOTENCY_409,
  },
});

const ASSISTANT_KEYS = ["external_ref", "email"] as const;
const VOUCH_KEYS = ["partnerSubject", "displayName", "domainRoles"] as const;
const VOUCH_ONLY_KEYS = [...VOUCH_KEYS, "organizationRole"] as const;

export const ZCreateWorkerRequest = z
  .strictObject({
    orgId: ZAssistantPathId,
    external_ref: assistantFields.external_ref.optional(),
    email: assistantFields.email.optional(),
    partnerSubject: ZVouchWorkerBody.partnerSubject.optional(),
    displayName: ZVouchWorkerBody.displayName.optional(),
    domainRoles: ZVouchWorkerBody.domainRoles.optional(),
    organizationRole: ZVouchWorkerBody.organizationRole,
  })
  .superRefine((body, ctx) => {
    const assistant = ASSISTANT_KEYS.some((key) => body[key] !== undefined);
    const vouch = VOUCH_ONLY_KEYS.some((key) => body[key] !== undefined);
    if (assistant && vouch) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message:
          "send either { external_ref, email } (an assistant worker) or { partnerSubject, displayName, domainRoles } (a named worker), not fields of both",
      });
      return;
    }
    for (const key of assistant ? ASSISTANT_KEYS : VOUCH_KEYS) {
      if (body[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: "is required" });
    }
  });
export type TCreateWorkerRequest = z.infer<typeof ZCreateWorkerRequest>;

export const ZAssistantWorkerCreated = z
  .object({ worker_ref: ZUuid.meta({ description: "The worker's id in every worker route." }) })
  .meta({ id: "AssistantWorkerCreated" });

export const ZCreateWorkerResponse = z.union([ZAssistantWorkerCreated, ZWorkerMapping]);
export type TCreateWorkerResponse = z.infer<typeof ZCreateWorkerResponse>;
