import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, customIntegration, draftRow, type TAgentsWorld } from "../../../../test/agents-kit";
import { createDomain, createOrganization, createUser } from "../../../../test/factories";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { applyAutomation, type TStepTarget } from "@/server/services/partner/onboarding/apply-steps";
import type { TBlueprintAutomation } from "@/server/services/partner/templates/blueprint";
import { getAgent } from "./get-agent";
import { getPublishedRevision } from "./get-published-revision";
import { getRevision } from "./get-revision";

// The Setup's fifth field (spec 4.8): how an agent that answers assistant workers classifies its
// tool calls. Stored on the draft, verified and snapshotted at publish, read back everywhere.

let world: TAgentsWorld;
let crm: string;
beforeAll(async () => {
  world = await agentsWorld();
  crm = await customIntegration(world.acme.id, `actions${Date.now()}`);
});

const setupPath = (id: string) => `/authoring/automations/${id}/setup`;

async function newAgent(initialSetup: Record<string, unknown>) {
  const response = await api("POST", "/authoring/automations", {
    credential: world.people.owner.key,
    body: { domainId: world.acme.ops, name: "Assistant", initialSetup },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

describe("the actionClasses Setup field", () => {
  it("is set at create, replaced as a whole by PATCH, cleared by {} and left alone when omitted", async () => {
    const id = await newAgent({
      procedure: `#${crm}.create_contact`,
      actionClasses: { [`${crm}.create_contact`]: "message.send" },
    });
    expect((await getAgent(world.people.owner.actor, { id })).agent.setup.actionClasses).toEqual({
      [`${crm}.create_contact`]: "message.send",
    });

    const replaced = await api("PATCH", setupPath(id), {
      credential: world.people.editor.token,
      body: { actionClasses: { [`${crm}.list_contacts`]: "inbox.tidy" } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.setup.actionClasses).toEqual({ [`${crm}.list_contacts`]: "inbox.tidy" });

    const untouched = await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { principles: "Be brief." },
    });
    expect(untouched.body.setup.actionClasses).toEqual({ [`${crm}.list_contacts`]: "inbox.tidy" });

    const cleared = await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { actionClasses: {} },
    });
    expect(cleared.body.setup.actionClasses).toEqual({});
    expect((await draftRow(id)).actionClasses).toEqual({});
  });

  it("refuses an unknown class, a blank tool id and more than 50 entries with 400, changing nothing", async () => {
    const id = await newAgent({ actionClasses: { "a.b": "purchase" } });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`tool.${index}`, "purchase"]));
    for (const actionClasses of [
      { "a.b": "email.delete" },
      { "": "purchase" },
      { ["x".repeat(101)]: "purchase" },
      tooMany,
      ["a.b"],
    ]) {
      const response = await api("PATCH", setupPath(id), {
        credential: world.people.owner.key,
        body: { actionClasses },
      });
      expect(response.status, JSON.stringify(actionClasses).slice(0, 80)).toBe(400);
      expect(response.body.error.message).toContain("actionClasses");
    }
    expect((await draftRow(id)).actionClasses).toEqual({ "a.b": "purchase" });
  });

  it("is snapshotted at publish: the revision keeps it when the draft changes later", async () => {
    const tool = `${crm}.create_contact`;
    const id = await newAgent({
      procedure: `#${tool}`,
      model: "builtin:assistant",
      actionClasses: { [tool]: "purchase" },
    });
    const published = await api("POST", `/authoring/automations/${id}/publish`, {
      credential: world.people.owner.key,
      body: {},
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    await api("PATCH", setupPath(id), {
      credential: world.people.owner.key,
      body: { actionClasses: { [tool]: "email.send" } },
    });

    expect((await getRevision(world.people.owner.actor, { id, revision: 1 })).revision.setup.actionClasses).toEqual({
      [tool]: "purchase",
    });
    expect((await getPublishedRevision(id))!.setup.actionClasses).toEqual({ [tool]: "purchase" });
  });

  it("refuses to publish a map the verifier rejects, with the findings in the 422", async () => {
    const tool = `${crm}.create_contact`;
    const id = await newAgent({
      procedure: `#${tool}`,
      approvalTools: [tool],
      actionClasses: { [tool]: "purchase", [`${crm}.create_contct`]: "email.send" },
    });
    const response = await api("POST", `/authoring/automations/${id}/publish`, {
      credential: world.people.owner.key,
      body: {},
    });
    expect(response.status).toBe(422);
    expect(response.body.error.details.findings.map((finding: { kind: string }) => finding.kind).sort()).toEqual([
      "action_tool_in_approval_tools",
      "unknown_action_tool",
    ]);
    const verify = await api("GET", `/authoring/automations/${id}/verify`, { credential: world.people.owner.key });
    expect(verify.body.findings).toContainEqual({
      kind: "unknown_action_tool",
      span: null,
      detail: expect.stringContaining("Did you mean"),
      proposal: tool,
    });
    expect(await getPublishedRevision(id)).toBeNull();
  });

  it("reads a revision published before the field existed as {}", async () => {
    const id = await newAgent({ procedure: "Hello" });
    expect(
      (await api("POST", `/authoring/automations/${id}/publish`, { credential: world.people.owner.key, body: {} }))
        .status,
    ).toBe(201);
    const row = await db().automationRevision.findUniqueOrThrow({
      where: { automationId_revision: { automationId: id, revision: 1 } },
    });
    const { actionClasses, ...older } = row.setup as Record<string, unknown>;
    expect(actionClasses).toEqual({});
    await db().automationRevision.update({ where: { id: row.id }, data: { setup: older as Prisma.InputJsonValue } });

    expect((await getPublishedRevision(id))!.setup.actionClasses).toEqual({});
    const { revision } = await getRevision(world.people.owner.actor, { id, revision: 1 });
    expect(revision.setup).toMatchObject({ procedure: "Hello", actionClasses: {} });
  });
});

describe("a template release applied to a customer", () => {
  async function target(): Promise<TStepTarget> {
    const organization = await createOrganization("Follower");
    const domain = await createDomain(organization.id, "Front");
    const owner = await createUser();
    return {
      organizationId: organization.id,
      ownerUserId: owner.id,
      changeNote: "From release 1",
      plan: {
        domains: [{ key: "primary", name: "Front", slug: domain.slug, primary: true }],
        automations: [],
        steps: [],
      },
    };
  }

  const entry = (key: string, setup: Record<string, unknown>): TBlueprintAutomation => ({
    key,
    kind: "AGENT",
    domainKey: "primary",
    name: key,
    description: null,
    revision: 1,
    setup: {
      principles: "",
      procedure: "#service.http.post",
      model: "builtin:assistant",
      approvalTools: [],
      bindingPolicies: {},
      ...setup,
    },
    belt: [{ integrationId: "service.http", identityMode: "service" }],
    defaultEnabled: true,
  });

  it("copies the release's action classes into the draft and revision 1, and reads a release without them as {}", async () => {
    const customer = await target();
    const withClasses = crypto.randomUUID();
    const without = crypto.randomUUID();
    await db().$transaction(async (tx) => {
      await applyAutomation(
        tx,
        customer,
        entry(withClasses, { actionClasses: { "service.http.post": "message.send" } }),
      );
      await applyAutomation(tx, customer, entry(without, {}));
    });
    const copies = await db().automation.findMany({
      where: { organizationId: customer.organizationId },
      select: { id: true, templateKey: true, actionClasses: true },
    });
    const copyOf = (key: string) => copies.find((copy) => copy.templateKey === key)!;

    expect(copyOf(withClasses).actionClasses).toEqual({ "service.http.post": "message.send" });
    expect((await getPublishedRevision(copyOf(withClasses).id))!.setup.actionClasses).toEqual({
      "service.http.post": "message.send",
    });
    expect(copyOf(without).actionClasses).toEqual({});
    expect((await getPublishedRevision(copyOf(without).id))!.setup.actionClasses).toEqual({});
  });
});
