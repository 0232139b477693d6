/** One Server-Sent Events message, as the WHATWG event-stream rules assemble it. */
export type SseMessage = { id: string | undefined; event: string; data: string; retry: number | undefined };

/**
 * An incremental event-stream parser: feed it decoded text as it arrives, in chunks of any
 * size, and it returns the messages each chunk completes. Lines end in LF, CR or CRLF; a line
 * starting with `:` is a comment (the service's heartbeat); a blank line dispatches the message.
 * A message with no `data` line is not dispatched (its `id` still counts, per the spec).
 */
export class SseParser {
  #buffer = "";
  #pendingCR = false;
  #data: string[] = [];
  #event = "";
  #id: string | undefined;
  #retry: number | undefined;
  #hasData = false;
  /** The last `id:` seen, which a reconnect sends as Last-Event-ID. */
  lastEventId: string | undefined;

  push(chunk: string): SseMessage[] {
    const out: SseMessage[] = [];
    let text = chunk;
    // A CR that ended the previous chunk may be the first half of a CRLF.
    if (this.#pendingCR && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCR = false;
    this.#buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      if (!match) break;
      if (match[0] === "\r" && match.index === this.#buffer.length - 1) {
        this.#pendingCR = true;
      }
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const message = this.#line(line);
      if (message) out.push(message);
    }
    return out;
  }

  #line(line: string): SseMessage | undefined {
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        this.#data.push(value);
        this.#hasData = true;
        break;
      case "event":
        this.#event = value;
        break;
      case "id":
        if (!value.includes("\0")) {
          this.#id = value;
          this.lastEventId = value;
        }
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.#retry = Number(value);
        break;
      default:
        break;
    }
    return undefined;
  }

  #dispatch(): SseMessage | undefined {
    const message: SseMessage = {
      id: this.#id,
      event: this.#event || "message",
      data: this.#data.join("\n"),
      retry: this.#retry,
    };
    const dispatch = this.#hasData || this.#retry !== undefined;
    this.#data = [];
    this.#event = "";
    this.#id = undefined;
    this.#retry = undefined;
    this.#hasData = false;
    return dispatch ? message : undefined;
  }
}
