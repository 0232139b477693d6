import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../../test/agents-kit";
import { createDomain } from "../../../../../test/factories";
import { partnerPlatform } from "../../../../../test/partner-kit";
import { db } from "@/server/db/client";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { createAgent } from "@/server/services/agents/create-agent";
import { publishAgent } from "@/server/services/agents/publish-agent";
import { updateAgentSetup } from "@/server/services/agents/update-agent-setup";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { ZTemplateBlueprint } from "./blueprint";
import { createTemplate } from "./create-template";
import { getTemplateSource } from "./get-template-source";
import { listTemplates } from "./list-templates";
import { publishTemplateRelease } from "./publish-template-release";
import { setProvisioningTemplate } from "./set-provisioning-template";
import { setTemplateStatus } from "./set-template-status";

// Templates against a source organization like the fixture world's Acme: agents published in
// ops and sales, a published flow, a draft never published, and an agent republished once.

let world: TAgentsWorld;
let ids: { echo: string; salesEcho: string; flow: string; draft: string; empty: string };

async function release(releaseId: string) {
  const row = await db().templateRelease.findUniqueOrThrow({ where: { id: releaseId } });
  return { ...row, blueprint: ZTemplateBlueprint.parse(row.blueprint) };
}

beforeAll(async () => {
  world = await agentsWorld();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "org-token",
  });
  const { agent: echo } = await createAndPublishAgent(owner, {
    domainId: world.acme.ops,
    name: "Echo",
    description: "Says it back",
    setup: { model: "builtin:echo", principles: "v1" },
  });
  // Published twice: the blueprint takes revision 2.
  await updateAgentSetup(owner, { id: echo.id, principles: "v2" });
  await publishAgent(owner, { id: echo.id });
  const { agent: salesEcho } = await createAndPublishAgent(owner, {
    domainId: world.acme.sales,
    name: "Sales echo",
    setup: { model: "builtin:echo" },
  });
  const graph = {
    inputSchema: { type: "object" },
    steps: [
      {
        id: "post",
        kind: "tool",
        tool: "service.http.post",
        args: { url: "http://127.0.0.1:4010/flow", body: "{{input}}" },
      },
    ],
  };
  const { flow } = await createAndPublishFlow(owner, { domainId: world.acme.ops, name: "Forward", graph });
  const draft = await createAgent(owner, { domainId: world.acme.ops, name: "Draft only" });
  const empty = await createDomain(world.acme.id, "Empty");
  ids = { echo: echo.id, salesEcho: salesEcho.id, flow: flow.id, draft: draft.id, empty: empty.id };
});

describe("publishTemplateRelease", () => {
  it("snapshots the published agents and flows with their latest published revision, and the domains that hold them", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Standard",
      sourceOrganizationId: world.acme.id,
    });
    const { releaseId, version } = await publishTemplateRelease({ templateId: template.id });
    expect(version).toBe(1);
    const { blueprint } = await release(releaseId);

    // Ops holds two published automations, so it is the default primary; Empty holds none and is left out.
    expect(blueprint.version).toBe(1);
    expect(blueprint.domains).toEqual([
      { key: world.acme.ops, name: "Ops", primary: true },
      { key: world.acme.sales, name: "Sales", primary: false },
    ]);
    expect(blueprint.automations.map((automation) => automation.key).sort()).toEqual(
      [ids.echo, ids.salesEcho, ids.flow].sort(),
    );
    expect(blueprint.automations.some((automation) => automation.key === ids.draft)).toBe(false);

    const echo = blueprint.automations.find((automation) => automation.key === ids.echo)!;
    const revision = await db().automationRevision.findUniqueOrThrow({
      where: { automationId_revision: { automationId: ids.echo, revision: 2 } },
    });
    expect(echo).toEqual({
      key: ids.echo,
      kind: "AGENT",
      domainKey: world.acme.ops,
      name: "Echo",
      description: "Says it back",
      revision: 2,
      setup: revision.setup,
      belt: revision.belt,
      defaultEnabled: true,
    });
    expect((echo.setup as { principles: string }).principles).toBe("v2");
    expect(blueprint.automations.find((automation) => automation.key === ids.flow)).toMatchObject({
      kind: "FLOW",
      domainKey: world.acme.ops,
      revision: 1,
      defaultEnabled: true,
    });
    expect(blueprint.automations.find((automation) => automation.key === ids.salesEcho)).toMatchObject({
      domainKey: world.acme.sales,
      description: null,
    });
  });

  it("numbers releases 1, 2, 3 and keeps each one's content as it was", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Versions",
      sourceOrganizationId: world.acme.id,
    });
    const first = await publishTemplateRelease({ templateId: template.id });
    const second = await publishTemplateRelease({ templateId: template.id, disabledAutomationIds: [ids.flow] });
    const third = await publishTemplateRelease({ templateId: template.id });
    expect([first.version, second.version, third.version]).toEqual([1, 2, 3]);
    expect(
      (await release(first.releaseId)).blueprint.automations.every((automation) => automation.defaultEnabled),
    ).toBe(true);
    const disabled = (await release(second.releaseId)).blueprint.automations.filter(
      (automation) => !automation.defaultEnabled,
    );
    expect(disabled.map((automation) => automation.key)).toEqual([ids.flow]);

    const { templates } = await listTemplates(platform.id);
    expect(templates[0]!.releases.map((entry) => [entry.version, entry.automationCount])).toEqual([
      [3, 3],
      [2, 3],
      [1, 3],
    ]);
  });

  it("takes the chosen primary domain, even one without automations", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Primary",
      sourceOrganizationId: world.acme.id,
    });
    const { releaseId } = await publishTemplateRelease({ templateId: template.id, primaryDomainId: ids.empty });
    const { blueprint } = await release(releaseId);
    expect(blueprint.domains.filter((domain) => domain.primary)).toEqual([
      { key: ids.empty, name: "Empty", primary: true },
    ]);
    expect(blueprint.domains).toHaveLength(3);
  });

  it("refuses a primary domain or a disabled automation the source organization does not have", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Refusals",
      sourceOrganizationId: world.acme.id,
    });
    await expect(
      publishTemplateRelease({ templateId: template.id, primaryDomainId: world.globex.main }),
    ).rejects.toMatchObject({ code: "VALIDATION", status: 400 });
    await expect(
      publishTemplateRelease({ templateId: template.id, disabledAutomationIds: [ids.draft] }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      details: { unknown: [ids.draft] },
    });
    await expect(publishTemplateRelease({ templateId: crypto.randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db().templateRelease.count({ where: { templateId: template.id } })).toBe(0);
  });

  it("gives concurrent publishes distinct versions", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Race",
      sourceOrganizationId: world.acme.id,
    });
    const versions = await Promise.all([1, 2, 3].map(() => publishTemplateRelease({ templateId: template.id })));
    expect(versions.map((entry) => entry.version).sort()).toEqual([1, 2, 3]);
  });

  it("describes what the next release would copy for the publish form", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Source",
      sourceOrganizationId: world.acme.id,
    });
    const source = await getTemplateSource(template.id);
    expect(source.defaultPrimaryDomainId).toBe(world.acme.ops);
    expect(source.domains.map((domain) => [domain.name, domain.automationCount])).toEqual([
      ["Ops", 2],
      ["Sales", 1],
      ["Empty", 0],
    ]);
    expect(source.automations.map((automation) => automation.id)).not.toContain(ids.draft);
  });
});

describe("templates of a platform", () => {
  it("refuses a second template of the same name and an unknown source organization", async () => {
    const { platform } = await partnerPlatform();
    await createTemplate({ platformId: platform.id, name: "Twice", sourceOrganizationId: world.acme.id });
    await expect(
      createTemplate({ platformId: platform.id, name: "Twice", sourceOrganizationId: world.acme.id }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      createTemplate({ platformId: platform.id, name: "Nowhere", sourceOrganizationId: crypto.randomUUID() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      createTemplate({ platformId: crypto.randomUUID(), name: "Orphan", sourceOrganizationId: world.acme.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("sets the provisioning template only to a released template of the same platform, and clears it", async () => {
    const { platform } = await partnerPlatform();
    const other = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Mine",
      sourceOrganizationId: world.acme.id,
    });
    const { template: foreign } = await createTemplate({
      platformId: other.platform.id,
      name: "Theirs",
      sourceOrganizationId: world.acme.id,
    });
    await publishTemplateRelease({ templateId: foreign.id });

    await expect(setProvisioningTemplate(platform.id, template.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("Publish a release"),
    });
    await publishTemplateRelease({ templateId: template.id });
    await expect(setProvisioningTemplate(platform.id, foreign.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });

    expect((await setProvisioningTemplate(platform.id, template.id)).platform.provisioningTemplateId).toBe(template.id);
    expect((await listTemplates(platform.id)).templates[0]!.isProvisioningTemplate).toBe(true);
    expect((await setProvisioningTemplate(platform.id, null)).platform.provisioningTemplateId).toBeNull();
  });

  it("suspends and reactivates a template", async () => {
    const { platform } = await partnerPlatform();
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Pause",
      sourceOrganizationId: world.acme.id,
    });
    expect((await setTemplateStatus(template.id, "SUSPENDED")).template.status).toBe("SUSPENDED");
    expect((await setTemplateStatus(template.id, "ACTIVE")).template.status).toBe("ACTIVE");
    await expect(setTemplateStatus(crypto.randomUUID(), "ACTIVE")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
