import { randomUUID } from "node:crypto";
import { actorIn, addDomainMember, createDomain } from "./factories";
import { partnerPlatform, partnerRequest, type TPartnerResponse } from "./partner-kit";
import type { TCreatePlatformOptions } from "../src/server/services/partner/platforms/create-platform";
import { db } from "../src/server/db/client";
import { createAndPublishAgent } from "../src/server/services/agents/create-and-publish-agent";
import { createAndPublishFlow } from "../src/server/services/flows/create-and-publish-flow";
import { ZTemplateBlueprint } from "../src/server/services/partner/templates/blueprint";
import { createTemplate } from "../src/server/services/partner/templates/create-template";
import { publishTemplateRelease } from "../src/server/services/partner/templates/publish-template-release";
import { setProvisioningTemplate } from "../src/server/services/partner/templates/set-provisioning-template";

/**
 * Test world of the provisioning tests (imported by *.test.ts only): a platform whose
 * provisioning template was taken from a real source organization (two domains, two published
 * agents, a published flow calling the first agent), released the way the template services do.
 */

export type TApiResponse = TPartnerResponse;

/** A partner API call through the real route handler (always sent as JSON, like a partner's client). */
export function partnerApi(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<TApiResponse> {
  return partnerRequest(method, path, {
    credential: options.key,
    body: options.body,
    rawBody: options.rawBody,
    headers: { "content-type": "application/json", ...options.headers },
  });
}

export const segment = () => `c-${randomUUID().slice(0, 8)}`;

export function requestBody(overrides: Record<string, unknown> = {}) {
  return {
    clientName: "Bakery Ltd",
    clientSegment: segment(),
    directLoginDisabled: false,
    ownerName: "Olga Owner",
    domainName: "Front desk",
    ...overrides,
  };
}

export function provision(
  key: string,
  body: unknown,
  idempotencyKey: string | null = randomUUID(),
  headers: Record<string, string> = {},
) {
  return partnerApi("POST", "/organizations", {
    key,
    body,
    headers: idempotencyKey === null ? headers : { "idempotency-key": idempotencyKey, ...headers },
  });
}

/** A source organization with two domains, two agents and a flow whose agent step calls the first agent. */
export async function sourceOrganization() {
  const { organization, domain, user, actor } = await actorIn({ orgRole: "OWNER", domainRole: "OWNER" });
  const second = await createDomain(organization.id, "Sales");
  await addDomainMember(second.id, user.id, "OWNER");
  const { agent: greeter } = await createAndPublishAgent(actor, {
    domainId: domain.id,
    name: "Greeter",
    setup: { model: "builtin:echo", principles: "Be kind." },
    changeNote: "v1",
  });
  const { agent: seller } = await createAndPublishAgent(actor, {
    domainId: second.id,
    name: "Seller",
    setup: { model: "builtin:echo" },
    changeNote: "v1",
  });
  const { flow } = await createAndPublishFlow(actor, {
    domainId: domain.id,
    name: "Greet flow",
    graph: {
      inputSchema: { type: "object", properties: {} },
      steps: [{ id: "greet", kind: "agent", automationId: greeter.id, prompt: "Hello" }],
    },
    changeNote: "v1",
  });
  return { organization, primaryDomainId: domain.id, greeterId: greeter.id, sellerId: seller.id, flowId: flow.id };
}

/** A platform (one key) whose provisioning template has one release of the source organization. */
export async function platformWithTemplate(options: Partial<TCreatePlatformOptions> = {}) {
  const partner = await partnerPlatform(options);
  const source = await sourceOrganization();
  const { template: created } = await createTemplate({
    platformId: partner.platform.id,
    name: `Starter ${randomUUID().slice(0, 6)}`,
    sourceOrganizationId: source.organization.id,
  });
  const published = await publishTemplateRelease({
    templateId: created.id,
    primaryDomainId: source.primaryDomainId,
    disabledAutomationIds: [source.sellerId],
  });
  await setProvisioningTemplate(partner.platform.id, created.id);
  const template = await db().partnerTemplate.findUniqueOrThrow({ where: { id: created.id } });
  const release = await db().templateRelease.findUniqueOrThrow({ where: { id: published.releaseId } });
  return { ...partner, source, template, release, blueprint: ZTemplateBlueprint.parse(release.blueprint) };
}
