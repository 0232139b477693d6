import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the OpenAI and Anthropic HTTP APIs (third-party internet services), so
 * the real AI SDK providers are exercised over real HTTP. It speaks the streaming wire formats
 * the providers call: OpenAI Responses (`POST /v1/responses`, @ai-sdk/openai's default),
 * Chat Completions (`POST /v1/chat/completions`, @ai-sdk/openai-compatible) and Anthropic
 * Messages (`POST /v1/messages`). Each test scripts the next answers in order; unscripted
 * requests get `fallback` (or a 500). Answers, each in the provider's own format:
 * - a reply (`text`, `toolCalls`, `usage`; `stop: "length"` = a max-tokens stop);
 * - `{ status, body, headers? }`: an HTTP error (e.g. 429 with `retry-after`);
 * - `{ truncate: true, text? }`: the reply without its terminal events, then the stream closes;
 * - `{ streamError: { code, message }, text? }`: some text, then the provider's error event
 *   (`via: "response.failed"` for OpenAI's failed-response event instead of `type: "error"`);
 * - `{ stall: "no-headers" | "headers" | "mid-stream" }` (and `{ hang: true }` = "headers"):
 *   silence until the client gives up;
 * - `{ reset: "before-headers" | "mid-stream" }`: the socket is destroyed;
 * - `{ echo: true }`: a reply whose text repeats the request's authorization / x-api-key header.
 */
export type TFakeToolCall = { id: string; name: string; args: Record<string, unknown> };
export type TFakeReply = {
  text?: string[];
  toolCalls?: TFakeToolCall[];
  usage?: { input: number; output: number };
  stop?: "length";
};
export type TFakeAnswer =
  | TFakeReply
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { truncate: true; text?: string[] }
  | { streamError: { code?: string; type?: string; message: string; via?: "response.failed" }; text?: string[] }
  | { stall: "no-headers" | "headers" | "mid-stream"; text?: string[] }
  | { reset: "before-headers" | "mid-stream"; text?: string[] }
  | { echo: true };
export type TFakeRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
};

type TSseEvent = { event?: string; data: unknown };
/** A reply's events: the body, then the terminal events a complete stream ends with. */
type TEvents = { body: TSseEvent[]; end: TSseEvent[] };
type TStreamError = Extract<TFakeAnswer, { streamError: unknown }>["streamError"];

function responsesEvents(reply: TFakeReply): TEvents {
  const body: TSseEvent[] = [
    { data: { type: "response.created", response: { id: "resp_1", created_at: 1_700_000_000, model: "fake" } } },
  ];
  const text = (reply.text ?? []).join("");
  if (reply.text?.length) {
    body.push({
      data: { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1" } },
    });
    for (const delta of reply.text)
      body.push({ data: { type: "response.output_text.delta", item_id: "msg_1", delta } });
    const item = {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: reply.stop === "length" ? "incomplete" : "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    };
    body.push({ data: { type: "response.output_item.done", output_index: 0, item } });
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const base = { type: "function_call", id: `fc_${index}`, call_id: call.id, name: call.name };
    body.push({
      data: { type: "response.output_item.added", output_index: index + 1, item: { ...base, arguments: "" } },
    });
    body.push({
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
  const end =
    reply.stop === "length"
      ? {
          type: "response.incomplete",
          response: {
            id: "resp_1",
            status: "incomplete",
            incomplete_details: { reason: "max_output_tokens" },
            usage,
          },
        }
      : { type: "response.completed", response: { id: "resp_1", status: "completed", usage } };
  return { body, end: [{ data: end }] };
}

function chatChunk(delta: unknown, finish: string | null = null) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake",
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function chatEvents(reply: TFakeReply): TEvents {
  const body: TSseEvent[] = [{ data: chatChunk({ role: "assistant", content: "" }) }];
  for (const delta of reply.text ?? []) body.push({ data: chatChunk({ content: delta }) });
  (reply.toolCalls ?? []).forEach((call, index) => {
    body.push({
      data: chatChunk({
        tool_calls: [
          { index, id: call.id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } },
        ],
      }),
    });
  });
  const finish = reply.stop === "length" ? "length" : reply.toolCalls?.length ? "tool_calls" : "stop";
  const usage = {
    prompt_tokens: reply.usage?.input ?? 0,
    completion_tokens: reply.usage?.output ?? 0,
    total_tokens: (reply.usage?.input ?? 0) + (reply.usage?.output ?? 0),
  };
  const usageChunk = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_700_000_000, model: "fake" };
  const end: TSseEvent[] = [
    { data: chatChunk({}, finish) },
    { data: { ...usageChunk, choices: [], usage } },
    { data: "[DONE]" },
  ];
  return { body, end };
}

function anthropicEvents(reply: TFakeReply): TEvents {
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
  const body: TSseEvent[] = [{ event: "message_start", data: { type: "message_start", message } }];
  let index = 0;
  if (reply.text?.length) {
    body.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    });
    for (const text of reply.text)
      body.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "text_delta", text } },
      });
    body.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  for (const call of reply.toolCalls ?? []) {
    body.push({
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
      },
    });
    body.push({
      event: "content_block_delta",
      data: {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) },
      },
    });
    body.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    index++;
  }
  const stop = reply.stop === "length" ? "max_tokens" : reply.toolCalls?.length ? "tool_use" : "end_turn";
  const end: TSseEvent[] = [
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: reply.usage?.output ?? 0 },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ];
  return { body, end };
}

/** The provider's mid-stream error event. */
function errorEvent(path: string, error: TStreamError): TSseEvent {
  if (path.endsWith("/responses")) {
    if (error.via === "response.failed") {
      const failed = { code: error.code ?? "server_error", message: error.message };
      return {
        data: {
          type: "response.failed",
          sequence_number: 9,
          response: { id: "resp_1", status: "failed", error: failed },
        },
      };
    }
    return {
      data: { type: "error", sequence_number: 9, code: error.code ?? null, message: error.message, param: null },
    };
  }
  if (path.endsWith("/chat/completions"))
    return {
      data: { error: { message: error.message, type: error.type ?? "server_error", code: error.code ?? null } },
    };
  return {
    event: "error",
    data: { type: "error", error: { type: error.type ?? error.code ?? "api_error", message: error.message } },
  };
}

function eventsFor(path: string, reply: TFakeReply): TEvents {
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

function sse(events: TSseEvent[]): string {
  return events
    .map((event) => {
      const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
      return `${event.event ? `event: ${event.event}\n` : ""}data: ${data}\n\n`;
    })
    .join("");
}

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache", "x-request-id": "req_fake_1" };

export type TFakeLlmServer = {
  url: string;
  /** Queue the next answers; each provider request takes one, in order. */
  script(...answers: TFakeAnswer[]): void;
  requests: TFakeRequest[];
  close(): Promise<void>;
};

export type TFakeLlmServerOptions = {
  /** Every answer waits this long before its first byte (a real model's latency). */
  delayMs?: number;
  /** The answer to a request when nothing is scripted (default: a 500 saying so). */
  fallback?: TFakeAnswer;
  /** Keep each request in `requests` (default true; a long benchmark turns it off). */
  recordRequests?: boolean;
  /** The port to listen on (default: any free one; a benchmark names it for the service's configuration). */
  port?: number;
};

/** A request the fake server failed to answer gets a 500 (Node does not await a request callback). */
function answerFailure(response: ServerResponse, error: unknown): void {
  process.stderr.write(`fake-llm-server: ${error instanceof Error ? error.message : String(error)}\n`);
  if (!response.headersSent) response.writeHead(500);
  response.end();
}

const NOTHING_SCRIPTED: TFakeAnswer = {
  status: 500,
  body: { error: { message: "fake-llm-server: nothing scripted", type: "server_error" } },
};

function echoText(request: IncomingMessage): string {
  const auth = request.headers.authorization ?? request.headers["x-api-key"] ?? "";
  return `You sent ${Array.isArray(auth) ? auth.join(",") : auth}`;
}

/** Writes one answer; the stalled ones are left open in `hanging` until the client goes away. */
function answerWith(
  answer: TFakeAnswer,
  request: IncomingMessage,
  response: ServerResponse,
  hanging: Set<ServerResponse>,
): void {
  const path = request.url ?? "";
  const hang = () => {
    hanging.add(response);
    response.on("close", () => hanging.delete(response));
  };
  if ("status" in answer) {
    const headers = { "content-type": "application/json", "x-request-id": "req_fake_1", ...answer.headers };
    response.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
    return;
  }
  if ("hang" in answer || "stall" in answer) {
    const stall = "stall" in answer ? answer.stall : "headers";
    hang();
    if (stall === "no-headers") return;
    response.writeHead(200, SSE_HEADERS);
    // Node sends the headers with the first body write; flush them now.
    response.flushHeaders();
    const text = "stall" in answer ? answer.text : undefined;
    if (stall === "mid-stream") response.write(sse(eventsFor(path, { text: text ?? ["Par"] }).body));
    return;
  }
  if ("reset" in answer) {
    if (answer.reset === "mid-stream") {
      response.writeHead(200, SSE_HEADERS);
      response.write(sse(eventsFor(path, { text: answer.text ?? ["Par"] }).body));
      setTimeout(() => request.socket.destroy(), 20);
    } else request.socket.destroy();
    return;
  }
  response.writeHead(200, SSE_HEADERS);
  if ("truncate" in answer) {
    response.end(sse(eventsFor(path, { text: answer.text ?? ["Cut ", "short"] }).body));
    return;
  }
  if ("streamError" in answer) {
    const events = eventsFor(path, { text: answer.text ?? ["Par"] }).body;
    response.end(sse([...events, errorEvent(path, answer.streamError)]));
    return;
  }
  const reply: TFakeReply = "echo" in answer ? { text: [echoText(request)] } : answer;
  const events = eventsFor(path, reply);
  response.end(sse([...events.body, ...events.end]));
}

export async function startFakeLlmServer(options: TFakeLlmServerOptions = {}): Promise<TFakeLlmServer> {
  const queue: TFakeAnswer[] = [];
  const requests: TFakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const record = options.recordRequests ?? true;
  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    if (record) requests.push({ path: request.url ?? "", headers: request.headers, body });
    const answer = queue.shift() ?? options.fallback ?? NOTHING_SCRIPTED;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (response.destroyed) return;
    answerWith(answer, request, response, hanging);
  };
  const server: Server = createServer((request, response) => {
    respond(request, response).catch((error: unknown) => answerFailure(response, error));
  });
  await new Promise<void>((resolve) =>
    server.listen({ port: options.port ?? 0, host: "127.0.0.1", backlog: 4096 }, resolve),
  );
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
