import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform } from "../../../../../test/partner-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { toSnapshot } from "@/server/services/agents/revision-snapshot";
import { ZFlowRevisionSetup } from "@/server/services/flows/flow-revision";
import { platformWithTemplate, provision, requestBody } from "../../../../../test/provisioning-kit";
import { runOnboarding } from "./run-onboarding";

// The onboarding run applied directly (no workers), so a test can stop it between any two
// steps the way a killed worker would, and run it again.

let world: Awaited<ReturnType<typeof platformWithTemplate>>;

beforeAll(async () => {
  await startEngine({ workers: false });
  world = await platformWithTemplate({ customerQuota: 100 });
});
afterAll(stopEngine);

async function provisioned(key = world.key, overrides: Record<string, unknown> = {}) {
  const response = await provision(key, requestBody(overrides));
  expect(response.status).toBe(202);
  return db().follower.findUniqueOrThrow({ where: { organizationId: response.body.orgId } });
}

/** Everything onboarding writes into the customer, counted and read back. */
async function customer(organizationId: string) {
  const domains = await db().domain.findMany({
    where: { organizationId },
    orderBy: { name: "asc" },
    include: { memberships: true },
  });
  const automations = await db().automation.findMany({
    where: { organizationId },
    orderBy: { name: "asc" },
    include: { revisions: true, entitlement: true },
  });
  const follower = await db().follower.findUniqueOrThrow({ where: { organizationId } });
  return { domains, automations, follower };
}

const stopAfter = (count: number) => {
  let done = 0;
  return {
    afterStep: () => {
      if (++done === count) throw new Error("worker killed");
    },
  };
};

describe("runOnboarding", () => {
  it("applies the release: domains with the owner, agents and flow at revision 1, entitlements; then COMPLETED", async () => {
    const follower = await provisioned(world.key, { domainName: "Front desk" });
    await runOnboarding(follower.id);
    const { domains, automations, follower: after } = await customer(follower.organizationId);
    expect(after.onboardingStatus).toBe("COMPLETED");
    expect(after.onboardedAt).toBeInstanceOf(Date);
    const { source } = world;
    expect(after.onboardingSteps).toEqual([
      "domains",
      `automation:${source.greeterId}`,
      `automation:${source.sellerId}`,
      `automation:${source.flowId}`,
      "entitlements",
    ]);
    expect(domains.map((domain) => domain.name)).toEqual(["Front desk", "Sales"]);
    for (const domain of domains)
      expect(domain.memberships).toEqual([expect.objectContaining({ userId: follower.ownerUserId, role: "OWNER" })]);
    expect(
      automations.map((automation) => [
        automation.name,
        automation.kind,
        automation.templateKey,
        automation.publishedRevision,
      ]),
    ).toEqual([
      ["Greet flow", "FLOW", source.flowId, 1],
      ["Greeter", "AGENT", source.greeterId, 1],
      ["Seller", "AGENT", source.sellerId, 1],
    ]);
    const [flow, greeter, seller] = automations;
    expect(greeter!.domainId).toBe(domains[0]!.id);
    expect(seller!.domainId).toBe(domains[1]!.id);
    const sourceGreeter = world.blueprint.automations.find((entry) => entry.key === source.greeterId)!;
    expect(greeter!.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        setup: sourceGreeter.setup,
        belt: sourceGreeter.belt,
        knowledgeSelection: { mode: "none", moduleIds: [] },
      }),
    ]);
    // The engine can read the copied revision (a turn of it would fail otherwise).
    expect(
      toSnapshot({ ...greeter!.revisions[0]!, automationId: greeter!.id, changeNote: null, publishedById: null }).setup
        .principles,
    ).toBe("Be kind.");
    expect(greeter!.principles).toBe("Be kind.");
    // The flow's agent step calls the customer's own copy, not the source organization's agent.
    const graph = ZFlowRevisionSetup.parse(flow!.revisions[0]!.setup).graph;
    expect(graph.steps[0]).toMatchObject({ kind: "agent", automationId: greeter!.id });
    expect(flow!.flowGraph).toEqual(graph);
    expect(automations.map((automation) => automation.entitlement?.defaultEnabled)).toEqual([true, true, false]);
  });

  it("gives a customer without a template its primary domain only", async () => {
    const partner = await partnerPlatform();
    const follower = await provisioned(partner.key, { domainName: "Main office" });
    await runOnboarding(follower.id);
    const { domains, automations, follower: after } = await customer(follower.organizationId);
    expect(after).toMatchObject({ onboardingStatus: "COMPLETED", onboardingSteps: ["domains"] });
    expect(domains.map((domain) => [domain.name, domain.slug])).toEqual([["Main office", "main-office"]]);
    expect(automations).toEqual([]);
  });

  it("converges when killed between any two steps and run again: one copy of everything", async () => {
    const stepCount = 5;
    for (let killedAfter = 1; killedAfter < stepCount; killedAfter++) {
      const follower = await provisioned();
      await expect(runOnboarding(follower.id, stopAfter(killedAfter))).rejects.toThrow("worker killed");
      const halfway = await customer(follower.organizationId);
      expect(halfway.follower.onboardingStatus).toBe("RUNNING");
      expect(halfway.follower.onboardingSteps).toHaveLength(killedAfter);
      await runOnboarding(follower.id);
      const { domains, automations, follower: after } = await customer(follower.organizationId);
      expect(after.onboardingStatus, `killed after ${killedAfter}`).toBe("COMPLETED");
      expect(after.onboardingSteps).toHaveLength(stepCount);
      expect(domains).toHaveLength(2);
      expect(domains.flatMap((domain) => domain.memberships)).toHaveLength(2);
      expect(automations).toHaveLength(3);
      expect(automations.flatMap((automation) => automation.revisions)).toHaveLength(3);
      expect(automations.filter((automation) => automation.entitlement)).toHaveLength(3);
    }
  });

  it("two overlapping attempts apply each step once", async () => {
    const follower = await provisioned();
    await Promise.all([runOnboarding(follower.id), runOnboarding(follower.id), runOnboarding(follower.id)]);
    const { domains, automations, follower: after } = await customer(follower.organizationId);
    expect(after.onboardingStatus).toBe("COMPLETED");
    expect(after.onboardingSteps).toHaveLength(5);
    expect(domains).toHaveLength(2);
    expect(automations).toHaveLength(3);
    expect(automations.flatMap((automation) => automation.revisions)).toHaveLength(3);
  });

  it("a completed run is left alone; an entitlement override survives a re-applied step", async () => {
    const follower = await provisioned();
    await runOnboarding(follower.id);
    const seller = await db().automation.findFirstOrThrow({
      where: { organizationId: follower.organizationId, templateKey: world.source.sellerId },
    });
    await db().automationEntitlement.update({ where: { automationId: seller.id }, data: { overrideEnabled: true } });
    await db().follower.update({
      where: { id: follower.id },
      data: { onboardingStatus: "RUNNING", onboardingSteps: { set: ["domains"] } },
    });
    await runOnboarding(follower.id);
    const { automations } = await customer(follower.organizationId);
    expect(automations).toHaveLength(3);
    expect(
      (await db().automationEntitlement.findUniqueOrThrow({ where: { automationId: seller.id } })).overrideEnabled,
    ).toBe(true);
  });
});
