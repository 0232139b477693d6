import { describe, expect, it } from "vitest";
import { modelAvailability, runnableModels } from "./registry";

const NONE = {};
const ALL = {
  OPENAI_API_KEY: "sk-test",
  ANTHROPIC_API_KEY: "sk-ant-test",
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
};

describe("modelAvailability", () => {
  it("always offers the built-in models", () => {
    expect(modelAvailability("builtin:echo", NONE)).toEqual({ available: true });
    expect(modelAvailability("builtin:procedure", NONE)).toEqual({ available: true });
  });

  it("refuses unknown built-ins and unknown providers with a reason", () => {
    for (const model of ["builtin:magic", "gpt-4o", "mistral:large", "", "BUILTIN:echo"]) {
      const answer = modelAvailability(model, ALL);
      expect(answer.available, model).toBe(false);
      expect(answer.reason).toMatch(/Unknown/);
    }
  });

  it.each([
    ["openai:gpt-4o-mini", "OPENAI_API_KEY"],
    ["anthropic:claude-sonnet-4", "ANTHROPIC_API_KEY"],
    ["openai-compatible:llama3", "OPENAI_COMPATIBLE_BASE_URL"],
  ])("offers %s only when %s is configured", (model, variable) => {
    const missing = modelAvailability(model, NONE);
    expect(missing.available).toBe(false);
    expect(missing.reason).toContain(variable);
    expect(modelAvailability(model, { [variable]: "http://configured.test" })).toEqual({ available: true });
  });

  it("does not mistake openai-compatible for openai", () => {
    expect(modelAvailability("openai-compatible:llama3", { OPENAI_API_KEY: "sk-test" }).available).toBe(false);
    expect(modelAvailability("openai:gpt-4o", { OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:1/v1" }).available).toBe(
      false,
    );
  });

  it("needs a model name after the provider", () => {
    expect(modelAvailability("openai:", ALL)).toMatchObject({ available: false });
    expect(modelAvailability("anthropic:", ALL).reason).toMatch(/names no model/);
  });

  it("reads the service's environment by default", () => {
    // The test environment configures no provider.
    expect(modelAvailability("builtin:echo").available).toBe(true);
  });
});

describe("runnableModels", () => {
  it("offers only the built-ins when no provider is configured, and says what each provider needs", () => {
    const { models, providers } = runnableModels(NONE);
    expect(models.map((model) => model.id)).toEqual(["builtin:echo", "builtin:procedure", "builtin:assistant"]);
    expect(providers).toEqual([
      { prefix: "openai:", configured: false, needs: "OPENAI_API_KEY" },
      { prefix: "anthropic:", configured: false, needs: "ANTHROPIC_API_KEY" },
      { prefix: "openai-compatible:", configured: false, needs: "OPENAI_COMPATIBLE_BASE_URL" },
    ]);
  });

  it("adds the known models of each configured provider, every one of them available", () => {
    const { models, providers } = runnableModels({ ANTHROPIC_API_KEY: "sk-ant-test" });
    const ids = models.map((model) => model.id);
    expect(ids).toContain("anthropic:claude-sonnet-4-5");
    expect(ids.some((id) => id.startsWith("openai:"))).toBe(false);
    for (const id of ids)
      expect(modelAvailability(id, { ANTHROPIC_API_KEY: "sk-ant-test" }), id).toEqual({ available: true });
    expect(providers.filter((provider) => provider.configured).map((provider) => provider.prefix)).toEqual([
      "anthropic:",
    ]);
  });
});
