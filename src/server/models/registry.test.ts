import { describe, expect, it } from "vitest";
import { modelAvailability } from "./registry";

const NONE = {};
const ALL = { OPENAI_API_KEY: "sk-test", ANTHROPIC_API_KEY: "sk-ant-test", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1" };

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
    expect(modelAvailability("openai:gpt-4o", { OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:1/v1" }).available).toBe(false);
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
