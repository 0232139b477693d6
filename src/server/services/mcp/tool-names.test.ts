import { describe, expect, it } from "vitest";
import { agentsWorld } from "../../../../test/agents-kit";
import { createAgent } from "@/server/services/agents/create-agent";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { publishAgent } from "@/server/services/agents/publish-agent";
import { listAgentTools } from "./list-agent-tools";
import { assignToolNames, toolNameBase } from "./tool-names";

const MCP_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe("toolNameBase", () => {
  it("makes readable snake_case from any agent name", () => {
    expect(toolNameBase("HTTP writer")).toBe("http_writer");
    expect(toolNameBase("  Échó: Support (EU)!! ")).toBe("echo_support_eu");
    expect(toolNameBase("Caller-only reader")).toBe("caller_only_reader");
    expect(toolNameBase("日本語")).toBe("agent");
    expect(toolNameBase("---")).toBe("agent");
  });
});

describe("assignToolNames", () => {
  it("suffixes namesakes by creation order, whatever order they are given in", () => {
    const agents = [
      { id: "c", name: "Echo", createdAt: at(3) },
      { id: "a", name: "echo", createdAt: at(1) },
      { id: "b", name: "ECHO!", createdAt: at(2) },
    ];
    const names = assignToolNames(agents);
    expect(Object.fromEntries(names)).toEqual({ a: "echo", b: "echo_2", c: "echo_3" });
    expect(Object.fromEntries(assignToolNames([...agents].reverse()))).toEqual(Object.fromEntries(names));
  });

  it("never hands out a name twice, even when a name looks like a suffixed one", () => {
    const names = assignToolNames([
      { id: "a", name: "Echo 2", createdAt: at(1) },
      { id: "b", name: "Echo", createdAt: at(2) },
      { id: "c", name: "Echo", createdAt: at(3) },
      { id: "d", name: "Echo 2", createdAt: at(4) },
    ]);
    expect(Object.fromEntries(names)).toEqual({ a: "echo_2", b: "echo", c: "echo_3", d: "echo_2_2" });
    expect(new Set(names.values()).size).toBe(4);
  });

  it("keeps names within 64 allowed characters, suffix included", () => {
    const long = "Quarterly revenue reconciliation assistant for the northern region sales teams";
    const names = assignToolNames([
      { id: "a", name: long, createdAt: at(1) },
      { id: "b", name: long, createdAt: at(2) },
      { id: "c", name: "x".repeat(120), createdAt: at(3) },
    ]);
    for (const name of names.values()) expect(name).toMatch(MCP_NAME);
    expect(names.get("a")).toHaveLength(64);
    expect(names.get("b")).toMatch(/_2$/);
    expect(names.get("b")!.length).toBeLessThanOrEqual(64);
    expect(names.get("b")!.slice(0, -2)).toBe(names.get("a")!.slice(0, names.get("b")!.length - 2));
  });

  it("ties on creation time break by id, so every request agrees", () => {
    const same = at(5);
    const first = assignToolNames([
      { id: "b", name: "Echo", createdAt: same },
      { id: "a", name: "Echo", createdAt: same },
    ]);
    expect(first.get("a")).toBe("echo");
    expect(first.get("b")).toBe("echo_2");
  });
});

describe("listAgentTools", () => {
  const setup = { model: "builtin:echo", principles: "Answer every message." };

  it("lists the published agents each person may execute, with one organization-wide name", async () => {
    const world = await agentsWorld();
    const { owner, operator, viewer, orgAdmin, salesEditor, globexOwner } = world.people;
    const opsEcho = await createAndPublishAgent(owner.actor, {
      domainId: world.acme.ops,
      name: "Echo",
      description: "Says it back",
      setup,
    });
    const salesEcho = await createAndPublishAgent(owner.actor, { domainId: world.acme.sales, name: "Echo", setup });
    const draft = await createAgent(owner.actor, { domainId: world.acme.ops, name: "Report", description: null });
    const report = await createAndPublishAgent(owner.actor, { domainId: world.acme.ops, name: "Report", setup });
    const globexEcho = await createAndPublishAgent(globexOwner.actor, {
      domainId: world.globex.main,
      name: "Echo",
      setup,
    });

    const names = async (actor: typeof owner.actor) =>
      Object.fromEntries((await listAgentTools(actor)).map((tool) => [tool.toolName, tool.agentId]));
    expect(await names(owner.actor)).toEqual({
      echo: opsEcho.agent.id,
      echo_2: salesEcho.agent.id,
      report_2: report.agent.id,
    });
    expect(await names(operator.actor)).toEqual({ echo: opsEcho.agent.id, report_2: report.agent.id });
    expect(await names(salesEditor.actor)).toEqual({ echo_2: salesEcho.agent.id });
    expect(await names(viewer.actor)).toEqual({});
    expect(await names(orgAdmin.actor)).toEqual({});
    expect(await names(globexOwner.actor)).toEqual({ echo: globexEcho.agent.id });

    const [tool] = await listAgentTools(operator.actor);
    expect(tool).toMatchObject({
      toolName: "echo",
      agentName: "Echo",
      description: "Says it back",
      domainId: world.acme.ops,
    });
    expect((await listAgentTools(salesEditor.actor))[0]!.description).toContain('"Echo"');

    // Publishing the older draft adds a tool without renaming the ones clients already know.
    await publishAgent(owner.actor, { id: draft.id });
    expect(await names(owner.actor)).toEqual({
      echo: opsEcho.agent.id,
      echo_2: salesEcho.agent.id,
      report: draft.id,
      report_2: report.agent.id,
    });
  });
});
