import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeLlmServer, type TFakeLlmServer, type TFakeRequest } from "../../../../test/fake-llm-server";
import { ModelError, type TModelRequest } from "@/server/models/types";
import { createProviderModel } from "./create-provider-model";

const OPENAI_KEY = "sk-test-openai-SECRET123456";
const ANTHROPIC_KEY = "sk-ant-test-SECRET654321";
const COMPAT_KEY = "compat-SECRET-777777";

let fake: TFakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
});
afterAll(async () => {
  await fake.close();
});

type TCase = {
  model: string;
  key: string;
  path: string;
  authOf(request: TFakeRequest): unknown;
  offeredTools(request: TFakeRequest): string[];
  toolResultOf(request: TFakeRequest): { id: unknown; output: string };
  toolCallEchoOf(request: TFakeRequest): { id: unknown; name: unknown };
};

type TAny = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CASES: TCase[] = [
  {
    model: "openai:gpt-4o-mini",
    key: OPENAI_KEY,
    path: "/v1/responses",
    authOf: (request) => request.headers.authorization,
    offeredTools: (request) => (request.body.tools as TAny[]).map((entry) => entry.name),
    toolResultOf: (request) => {
      const item = (request.body.input as TAny[]).find((entry) => entry.type === "function_call_output");
      return { id: item?.call_id, output: item?.output };
    },
    toolCallEchoOf: (request) => {
      const item = (request.body.input as TAny[]).find((entry) => entry.type === "function_call");
      return { id: item?.call_id, name: item?.name };
    },
  },
  {
    model: "anthropic:claude-haiku-4-5",
    key: ANTHROPIC_KEY,
    path: "/v1/messages",
    authOf: (request) => request.headers["x-api-key"],
    offeredTools: (request) => (request.body.tools as TAny[]).map((entry) => entry.name),
    toolResultOf: (request) => {
      const blocks = (request.body.messages as TAny[]).flatMap((message) =>
        Array.isArray(message.content) ? message.content : [],
      );
      const block = blocks.find((entry: TAny) => entry.type === "tool_result");
      const output = typeof block?.content === "string" ? block.content : block?.content?.[0]?.text;
      return { id: block?.tool_use_id, output };
    },
    toolCallEchoOf: (request) => {
      const blocks = (request.body.messages as TAny[]).flatMap((message) =>
        Array.isArray(message.content) ? message.content : [],
      );
      const block = blocks.find((entry: TAny) => entry.type === "tool_use");
      return { id: block?.id, name: block?.name };
    },
  },
  {
    model: "openai-compatible:llama-3",
    key: COMPAT_KEY,
    path: "/v1/chat/completions",
    authOf: (request) => request.headers.authorization,
    offeredTools: (request) => (request.body.tools as TAny[]).map((entry) => entry.function.name),
    toolResultOf: (request) => {
      const message = (request.body.messages as TAny[]).find((entry) => entry.role === "tool");
      return { id: message?.tool_call_id, output: message?.content };
    },
    toolCallEchoOf: (request) => {
      const call = (request.body.messages as TAny[]).find((entry) => entry.role === "assistant")?.tool_calls?.[0];
      return { id: call?.id, name: call?.function?.name };
    },
  },
];

function config() {
  return {
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    ANTHROPIC_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_API_KEY: COMPAT_KEY,
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

const HTTP_GET = {
  name: "service.http.get",
  description: "GET a URL",
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
};

async function lastRequestAfter(action: () => Promise<unknown>): Promise<TFakeRequest> {
  const before = fake.requests.length;
  await action();
  expect(fake.requests.length).toBeGreaterThan(before);
  return fake.requests.at(-1)!;
}

describe.each(CASES)("$model through the AI SDK", (testCase) => {
  const adapter = () => createProviderModel(testCase.model, config(), { maxRetries: 0 });

  it("answers text, streams the deltas, sends the key to the provider and reports usage", async () => {
    fake.script({ text: ["Hel", "lo ", "there"], usage: { input: 1200, output: 300 } });
    const deltas: string[] = [];
    let step: Awaited<ReturnType<ReturnType<typeof adapter>["generate"]>> | undefined;
    const sent = await lastRequestAfter(async () => {
      step = await adapter().generate(request({ onDelta: (text) => void deltas.push(text) }));
    });
    expect(step!.text).toBe("Hello there");
    expect(step!.toolCalls).toEqual([]);
    expect(deltas.join("")).toBe("Hello there");
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect(sent.path).toBe(testCase.path);
    expect(String(testCase.authOf(sent))).toContain(testCase.key);
    expect(JSON.stringify(sent.body)).toContain("Be brief.");
    expect(step!.usage.inputTokens).toBe(1200);
    expect(step!.usage.outputTokens).toBe(300);
  });

  it("returns tool calls with our wire id, then sends the tool result in the provider's format", async () => {
    fake.script({
      toolCalls: [{ id: "call_42", name: "service__http__get", args: { url: "https://example.test/a" } }],
      usage: { input: 50, output: 10 },
    });
    const first = await lastRequestAfter(async () => {
      const step = await adapter().generate(request({ tools: [HTTP_GET] }));
      expect(step.toolCalls).toEqual([
        { id: "call_42", name: "service.http.get", args: { url: "https://example.test/a" } },
      ]);
    });
    expect(testCase.offeredTools(first)).toEqual(["service__http__get"]);

    fake.script({ text: ["Fetched."], usage: { input: 80, output: 5 } });
    const followUp = await lastRequestAfter(async () => {
      const step = await adapter().generate(
        request({
          tools: [HTTP_GET],
          messages: [
            { role: "user", content: "fetch it" },
            {
              role: "assistant",
              content: "",
              toolCalls: [{ id: "call_42", name: "service.http.get", args: { url: "https://example.test/a" } }],
            },
            { role: "tool", toolCallId: "call_42", name: "service.http.get", result: { status: 200, body: "ok-body" } },
          ],
        }),
      );
      expect(step.text).toBe("Fetched.");
    });
    expect(testCase.toolCallEchoOf(followUp)).toEqual({ id: "call_42", name: "service__http__get" });
    const result = testCase.toolResultOf(followUp);
    expect(result.id).toBe("call_42");
    expect(JSON.parse(result.output)).toEqual({ status: 200, body: "ok-body" });
  });

  it("maps a rejected key to MODEL_UNAVAILABLE naming the variable, without the key", async () => {
    fake.script({
      status: 401,
      body: {
        type: "error",
        error: { type: "authentication_error", message: `Incorrect API key provided: ${testCase.key}` },
      },
    });
    const logged = [vi.spyOn(console, "error"), vi.spyOn(console, "warn"), vi.spyOn(console, "log")];
    const error = await adapter()
      .generate(request())
      .catch((caught: unknown) => caught);
    const output = logged.flatMap((spy) =>
      spy.mock.calls.map((call) =>
        String(
          call.map((part) =>
            part instanceof Error ? `${part.message} ${JSON.stringify(part)}` : JSON.stringify(part),
          ),
        ),
      ),
    );
    logged.forEach((spy) => spy.mockRestore());
    expect(output.join("\n")).not.toContain(testCase.key);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      code: "MODEL_UNAVAILABLE",
      message: expect.stringContaining("rejected the API key (HTTP 401)"),
    });
    expect((error as Error).message).not.toContain(testCase.key);
    expect((error as Error).message).not.toContain("SECRET");
  });

  it("maps 429 and 5xx to MODEL_FAILED with what to do, redacting an echoed key", async () => {
    fake.script({
      status: 429,
      body: { error: { message: `Rate limit reached for key ${testCase.key}`, type: "rate_limit_error" } },
    });
    const limited = await adapter()
      .generate(request())
      .catch((caught: unknown) => caught);
    expect(limited).toMatchObject({ code: "MODEL_FAILED", message: expect.stringContaining("HTTP 429") });
    expect((limited as Error).message).toContain("Retry later");
    expect((limited as Error).message).not.toContain(testCase.key);
    fake.script({ status: 503, body: { error: { message: "overloaded", type: "overloaded_error" } } });
    await expect(adapter().generate(request())).rejects.toMatchObject({
      code: "MODEL_FAILED",
      message: expect.stringContaining("HTTP 503"),
    });
  });
});

describe("provider models: pricing, network, abort, configuration", () => {
  it("prices known models from the table and unknown ones at 0", async () => {
    fake.script({ text: ["x"], usage: { input: 1_000_000, output: 1_000_000 } });
    const priced = await createProviderModel("openai:gpt-4o-mini", config(), { maxRetries: 0 }).generate(request());
    expect(priced.usage.costMicroUsd).toBe(750_000); // $0.15 + $0.60 per million tokens
    fake.script({ text: ["x"], usage: { input: 1000, output: 1000 } });
    const unknown = await createProviderModel("openai:some-future-model", config(), { maxRetries: 0 }).generate(
      request(),
    );
    expect(unknown.usage).toEqual({ inputTokens: 1000, outputTokens: 1000, costMicroUsd: 0 });
  });

  it("maps an unreachable provider to MODEL_FAILED (network) and 404 to MODEL_UNAVAILABLE", async () => {
    const offline = createProviderModel(
      "openai:gpt-4o",
      { ...config(), OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
      { maxRetries: 0 },
    );
    const error = await offline.generate(request()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "MODEL_FAILED", message: expect.stringContaining("could not be reached") });
    expect((error as Error).message).not.toContain(OPENAI_KEY);
    fake.script({
      status: 404,
      body: { error: { message: "The model does not exist", type: "invalid_request_error" } },
    });
    await expect(
      createProviderModel("openai:nope", config(), { maxRetries: 0 }).generate(request()),
    ).rejects.toMatchObject({
      code: "MODEL_UNAVAILABLE",
      message: expect.stringContaining('"openai:nope"'),
    });
  });

  it("honours the abort signal while the provider is still answering", async () => {
    fake.script({ hang: true });
    const controller = new AbortController();
    const pending = createProviderModel("anthropic:claude-haiku-4-5", config(), { maxRetries: 0 }).generate(
      request({ signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({
      code: "MODEL_FAILED",
      message: expect.stringContaining("cancelled"),
    });
  });

  it("refuses openai-compatible without a base URL", () => {
    expect(() => createProviderModel("openai-compatible:x", { OPENAI_COMPATIBLE_BASE_URL: undefined })).toThrow(
      /OPENAI_COMPATIBLE_BASE_URL/,
    );
  });
});
