import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeLlmServer, type TFakeAnswer, type TFakeLlmServer } from "../../../../test/fake-llm-server";
import { env } from "@/server/env";
import { setModelCallObserver } from "@/server/models/call-observer";
import { observeModelCall, renderModelMetrics } from "@/server/observability/model-metrics";
import { ModelError, type TModelRequest } from "@/server/models/types";
import { createProviderModel } from "./create-provider-model";

// Failures, limits and stream endings of provider calls, over real HTTP through the real AI SDK
// providers (test/fake-llm-server.ts speaks each wire format).

const KEYS = {
  openai: "sk-test-openai-SECRET123456",
  anthropic: "sk-ant-test-SECRET654321",
  compat: "compat-SECRET-777777",
};

let fake: TFakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  setModelCallObserver(observeModelCall);
});
afterAll(async () => {
  setModelCallObserver(undefined);
  await fake.close();
});

const saved = {
  first: env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS,
  idle: env.MODEL_STREAM_IDLE_TIMEOUT_SECONDS,
  store: env.OPENAI_STORE,
};
afterEach(() => {
  env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS = saved.first;
  env.MODEL_STREAM_IDLE_TIMEOUT_SECONDS = saved.idle;
  env.OPENAI_STORE = saved.store;
});

function config() {
  return {
    OPENAI_API_KEY: KEYS.openai,
    OPENAI_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: KEYS.anthropic,
    ANTHROPIC_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_API_KEY: KEYS.compat,
  };
}

function request(overrides: Partial<TModelRequest> = {}): TModelRequest {
  return {
    system: "Be brief.",
    messages: [{ role: "user", content: "hello" }],
    tools: [],
    procedure: "",
    signal: new AbortController().signal,
    ...overrides,
  };
}

const CASES = [
  { model: "openai:gpt-4o-mini", provider: "openai", key: KEYS.openai },
  { model: "anthropic:claude-haiku-4-5", provider: "anthropic", key: KEYS.anthropic },
  { model: "openai-compatible:llama-3", provider: "openai-compatible", key: KEYS.compat },
];

async function failure(model: string, answer: TFakeAnswer, maxRetries = 0): Promise<ModelError> {
  fake.script(answer);
  const error = await createProviderModel(model, config(), { maxRetries })
    .generate(request())
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe.each(CASES)("$model: failures and endings", ({ model, provider, key }) => {
  const adapter = (maxRetries = 0) => createProviderModel(model, config(), { maxRetries });

  it("reports the stop reason: stop, tool-calls, and length for a max-tokens stop", async () => {
    fake.script({ text: ["Done."] });
    expect(await adapter().generate(request())).toMatchObject({ text: "Done.", stopReason: "stop" });
    fake.script({ toolCalls: [{ id: "call_1", name: "service__http__get", args: { url: "https://a.test" } }] });
    const tools = [{ name: "service.http.get", description: "GET", inputSchema: { type: "object" } }];
    expect(await adapter().generate(request({ tools }))).toMatchObject({ stopReason: "tool-calls" });
    fake.script({ text: ["The answer is cut"], stop: "length", usage: { input: 5, output: 99 } });
    const cut = await adapter().generate(request());
    expect(cut).toMatchObject({ text: "The answer is cut", stopReason: "length" });
    expect(cut.usage.outputTokens).toBe(99);
  });

  it("fails a stream that ends before its terminal event with MODEL_STREAM_INCOMPLETE", async () => {
    const error = await failure(model, { truncate: true, text: ["Half an ", "answer"] });
    expect(error.code).toBe("MODEL_STREAM_INCOMPLETE");
    expect(error.message).toContain(`The ${provider} provider's answer ended before it was complete`);
  });

  it("fails a mid-stream error event with the provider's code and message, redacted", async () => {
    const error = await failure(model, {
      streamError: { code: "server_error", message: `Something broke for key ${key}` },
    });
    expect(error.code).toBe("MODEL_FAILED");
    expect(error.message).toContain("reported an error while answering (server_error)");
    expect(error.message).toContain("Something broke for key [redacted]");
    expect(error.message).not.toContain(key);
    expect(error.message).not.toContain("[object Object]");
    expect(error.message).not.toContain("HTTP");
  });

  it("fails an error event before any output with the provider's message, not an HTTP status", async () => {
    const error = await failure(model, { streamError: { code: "overloaded", message: "Try again soon" }, text: [] });
    expect(error).toMatchObject({ code: "MODEL_FAILED", message: expect.stringContaining("Try again soon") });
    expect(error.message).not.toContain("HTTP");
  });

  it("maps 429 with retry-after, 500 and 401", async () => {
    const limited = await failure(model, {
      status: 429,
      headers: { "retry-after": "7" },
      body: { error: { message: "Slow down", type: "rate_limit_error" } },
    });
    expect(limited.code).toBe("MODEL_FAILED");
    expect(limited.message).toContain("HTTP 429");
    expect(limited.message).toContain("retry after 7 s");
    const failed = await failure(model, { status: 500, body: { error: { message: "x", type: "server_error" } } });
    expect(failed).toMatchObject({ code: "MODEL_FAILED", message: expect.stringContaining("HTTP 500") });
    const rejected = await failure(model, { status: 401, body: { error: { message: `bad key ${key}` } } });
    expect(rejected).toMatchObject({ code: "MODEL_UNAVAILABLE", message: expect.stringContaining("HTTP 401") });
    expect(rejected.message).not.toContain(key);
  });

  it("maps a connection reset, mid-stream or before the headers, to a closed connection", async () => {
    for (const reset of ["mid-stream", "before-headers"] as const) {
      const error = await failure(model, { reset });
      expect(error.code).toBe("MODEL_FAILED");
      expect(error.message).toMatch(/connection was closed|closed the connection/);
      expect(error.message).not.toContain("HTTP 200");
      expect(error.message).not.toContain("refused");
    }
  });

  it("stops a call past the first-byte limit, and a silent stream past the idle limit, with MODEL_TIMEOUT", async () => {
    env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS = 1;
    env.MODEL_STREAM_IDLE_TIMEOUT_SECONDS = 1;
    const cases = [
      { stall: "no-headers", variable: "MODEL_FIRST_BYTE_TIMEOUT_SECONDS" },
      { stall: "headers", variable: "MODEL_STREAM_IDLE_TIMEOUT_SECONDS" },
      { stall: "mid-stream", variable: "MODEL_STREAM_IDLE_TIMEOUT_SECONDS" },
    ] as const;
    for (const { stall, variable } of cases) {
      const before = fake.requests.length;
      const started = Date.now();
      // Retries allowed: a timed-out call is still not retried.
      const error = await failure(model, { stall }, 2);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(error.code).toBe("MODEL_TIMEOUT");
      expect(error.message).toContain(variable);
      expect(error.message).toContain(`The ${provider} provider`);
      expect(fake.requests.length - before).toBe(1);
    }
  });

  it("bounds the SDK's retries by the first-byte limit", async () => {
    env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS = 1;
    const before = fake.requests.length;
    const started = Date.now();
    // The SDK waits 2 s before its first retry: the 1 s limit ends the call first.
    const error = await failure(model, { status: 500, body: { error: { message: "x", type: "server_error" } } }, 2);
    expect(error.code).toBe("MODEL_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(2500);
    expect(fake.requests.length - before).toBe(1);
  });

  it("keeps the cancellation mapping when the caller's own signal fires", async () => {
    env.MODEL_FIRST_BYTE_TIMEOUT_SECONDS = 1;
    fake.script({ stall: "no-headers" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(adapter().generate(request({ signal: controller.signal }))).rejects.toMatchObject({
      code: "MODEL_FAILED",
      message: expect.stringContaining("cancelled"),
    });
  });

  it("counts calls by outcome and logs a failure once, without the key", async () => {
    const count = async (outcome: string) => {
      const text = await renderModelMetrics();
      const line = text
        .split("\n")
        .find((entry) =>
          entry.startsWith(`aas_model_calls_total{provider="${provider}",model="${model}",outcome="${outcome}"}`),
        );
      return line ? Number(line.split(" ").at(-1)) : 0;
    };
    const [okBefore, failedBefore] = [await count("ok"), await count("MODEL_FAILED")];
    fake.script({ text: ["hi"], usage: { input: 3, output: 4 } });
    await adapter().generate(request());
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await failure(model, { streamError: { code: "bad", message: `key ${key} leaked` } });
    } finally {
      spy.mockRestore();
    }
    expect(await count("ok")).toBe(okBefore + 1);
    expect(await count("MODEL_FAILED")).toBe(failedBefore + 1);
    const lines = written.filter((line) => line.includes('"model call failed"'));
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({
      provider,
      model,
      httpStatus: 200,
      code: "MODEL_FAILED",
      providerRequestId: "req_fake_1",
    });
    expect(lines[0]).not.toContain(key);
    expect(lines[0]).not.toContain("SECRET");
    expect(lines[0]).not.toContain("hello"); // the request body
    expect(await renderModelMetrics()).toMatch(
      new RegExp(`aas_model_output_tokens_total\\{provider="${provider}",model="${model}"\\} \\d+`),
    );
  });

  it("echoes the request's key header (the fake's redaction probe)", async () => {
    fake.script({ echo: true });
    expect((await adapter().generate(request())).text).toContain(key);
  });
});

describe("OpenAI store", () => {
  it("sends store: false unless OPENAI_STORE", async () => {
    const model = createProviderModel("openai:gpt-4o-mini", config(), { maxRetries: 0 });
    fake.script({ text: ["a"] });
    await model.generate(request());
    expect(fake.requests.at(-1)!.body.store).toBe(false);
    env.OPENAI_STORE = true;
    fake.script({ text: ["a"] });
    await model.generate(request());
    expect(fake.requests.at(-1)!.body.store).toBe(true);
  });
});
