import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../../test/agents-kit";
import { consoleAs } from "../../../../../test/console-kit";

let world: TAgentsWorld;
beforeAll(async () => {
  world = await agentsWorld();
});

describe("console agents.listModels", () => {
  it("offers a signed-in person the models this installation runs, each one the verifier accepts", async () => {
    const console = await consoleAs(world.people.viewer);
    const { models, providers } = await console.agents.listModels({});
    expect(models.slice(0, 3).map((model) => model.id)).toEqual([
      "builtin:echo",
      "builtin:procedure",
      "builtin:assistant",
    ]);
    expect(models.every((model) => model.description.length > 0)).toBe(true);
    expect(providers.map((provider) => provider.prefix)).toEqual(["openai:", "anthropic:", "openai-compatible:"]);

    // Whatever the picker offers verifies: no unavailable_model finding for any of them.
    const editor = await consoleAs(world.people.editor);
    const agent = await editor.agents.create({ domainId: world.acme.ops, name: "Model picker check" });
    for (const model of models) {
      await editor.agents.updateSetup({ id: agent.id, model: model.id });
      const { findings } = await editor.agents.verify({ id: agent.id });
      expect(
        findings.filter((finding) => finding.kind === "unavailable_model"),
        model.id,
      ).toEqual([]);
    }
  });

  it("refuses a caller without a session", async () => {
    const { appRouter } = await import("@/server/routers/root");
    const { createContext } = await import("@/server/trpc/context");
    const anonymous = appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc"), "console"));
    await expect(anonymous.agents.listModels({})).rejects.toMatchObject({ cause: { status: 401 } });
  });
});
