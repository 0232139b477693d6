import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the OpenAI and Anthropic HTTP APIs (third-party internet services), so
 * the real AI SDK providers are exercised over real HTTP. It speaks the streaming wire formats
 * the providers call: OpenAI Responses (`POST /v1/responses`, @ai-sdk/openai's default),
 * Chat Completions (`POST /v1/chat/completions`, @ai-sdk/openai-compatible) and Anthropic
 * Messages (`POST /v1/messages`). Each test scripts the next answers in order.
 */
export type TFakeToolCall = { id: string; name: string; args: Record<string, unknown> };
export type TFakeAnswer =
  | { text?: string[]; toolCalls?: TFakeToolCall[]; usage?: { input: number; output: number } }
  | { status: number; body: unknown }
  | { hang: true };
export type TFakeRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
};

type TReply = Extract<TFakeAnswer, { text?: string[] }>;
type TSseEvent = { event?: string; data: unknown };

function responsesEvents(reply: TReply): TSseEvent[] {
  const events: TSseEvent[] = [
    { data: { type: "response.created", response: { id: "resp_1", created_at: 1_700_000_000, model: "fake" } } },
  ];
  const text = (reply.text ?? []).join("");
  if (reply.text?.length) {
    events.push({
      data: { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1" } },
    });
    for (const delta of reply.text)
      events.push({ data: { type: "response.output_text.delta", item_id: "msg_1", delta } });
    const item = {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    };
    events.push({ data: { type: "response.output_item.done", output_index: 0, item } });
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const base = { type: "function_call", id: `fc_${index}`, call_id: call.id, name: call.name };
    events.push({
      data: { type: "response.output_item.added", output_index: index + 1, item: { ...base, arguments: "" } },
    });
    events.push({
      data: {
        type: "response.output_item.done",
        output_index: index + 1,
        item: { ...base, arguments: JSON.stringify(call.args), status: "completed" },
      },
    });
  });
  const usage = {
    input_tokens: reply.usage?.input ?? 0,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: reply.usage?.output ?? 0,
    output_tokens_details: { reasoning_tokens: 0 },
  };
  events.push({ data: { type: "response.completed", response: { id: "resp_1", usage } } });
  return events;
}

function chatEvents(reply: TReply): TSseEvent[] {
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const events: TSseEvent[] = [{ data: chunk({ role: "assistant", content: "" }) }];
  for (const delta of reply.text ?? []) events.push({ data: chunk({ content: delta }) });
  (reply.toolCalls ?? []).forEach((call, index) => {
    events.push({
      data: chunk({
        tool_calls: [
          { index, id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } },
        ],
      }),
    });
  });
  events.push({ data: chunk({}, reply.toolCalls?.length ? "tool_calls" : "stop") });
  const usage = {
    prompt_tokens: reply.usage?.input ?? 0,
    completion_tokens: reply.usage?.output ?? 0,
    total_tokens: (reply.usage?.input ?? 0) + (reply.usage?.output ?? 0),
  };
  events.push({
    data: {
      id: "chatcmpl-1",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "fake",
      choices: [],
      usage,
    },
  });
  events.push({ data: "[DONE]" });
  return events;
}

function anthropicEvents(reply: TReply): TSseEvent[] {
  const message = {
    id: "msg_1",
    type: "message",
    role: "assistant",
    content: [],
    model: "fake",
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: reply.usage?.input ?? 0, output_tokens: 0 },
  };
  const events: TSseEvent[] = [{ event: "message_start", data: { type: "message_start", message } }];
  let index = 0;
  if (reply.text?.length) {
    events.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    });
    for (const text of reply.text)
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "text_delta", text } },
      });
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  for (const call of reply.toolCalls ?? []) {
    events.push({
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
      },
    });
    events.push({
      event: "content_block_delta",
      data: {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) },
      },
    });
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  const stop = reply.toolCalls?.length ? "tool_use" : "end_turn";
  events.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: reply.usage?.output ?? 0 },
    },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

function eventsFor(path: string, reply: TReply): TSseEvent[] {
  if (path.endsWith("/responses")) return responsesEvents(reply);
  if (path.endsWith("/chat/completions")) return chatEvents(reply);
  return anthropicEvents(reply);
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

export type TFakeLlmServer = {
  url: string;
  /** Queue the next answers; each provider request takes one, in order. */
  script(...answers: TFakeAnswer[]): void;
  requests: TFakeRequest[];
  close(): Promise<void>;
};

/** A request the fake server failed to answer gets a 500 (Node does not await a request callback). */
function answerFailure(response: ServerResponse, error: unknown): void {
  process.stderr.write(`fake-llm-server: ${error instanceof Error ? error.message : String(error)}\n`);
  if (!response.headersSent) response.writeHead(500);
  response.end();
}

export async function startFakeLlmServer(): Promise<TFakeLlmServer> {
  const queue: TFakeAnswer[] = [];
  const requests: TFakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    requests.push({ path: request.url ?? "", headers: request.headers, body });
    const answer = queue.shift() ?? {
      status: 500,
      body: { error: { message: "fake-llm-server: nothing scripted", type: "server_error" } },
    };
    if ("hang" in answer) {
      hanging.add(response);
      response.writeHead(200, { "content-type": "text/event-stream" });
      return;
    }
    if ("status" in answer) {
      response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const event of eventsFor(request.url ?? "", answer)) {
      const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
      response.write(`${event.event ? `event: ${event.event}\n` : ""}data: ${data}\n\n`);
    }
    response.end();
  };
  const server: Server = createServer((request, response) => {
    respond(request, response).catch((error: unknown) => answerFailure(response, error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    script: (...answers) => void queue.push(...answers),
    requests,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
