import { afterEach, describe, expect, it, vi } from "vitest";
import { DeltaBuffer } from "./delta-buffer";

// The coalescer alone, with a recording writer: what is written, when, and never two at once.

function recorder() {
  const writes: string[] = [];
  let active = 0;
  let maxActive = 0;
  const gates: Array<() => void> = [];
  let gated = false;
  const write = async (text: string) => {
    active++;
    maxActive = Math.max(maxActive, active);
    if (gated) await new Promise<void>((resolve) => gates.push(resolve));
    writes.push(text);
    active--;
  };
  return {
    writes,
    write,
    maxActive: () => maxActive,
    gate: (on: boolean) => void (gated = on),
    release: () => {
      for (const open of gates.splice(0)) open();
    },
    waiting: () => gates.length,
  };
}

const SIZE_ONLY = { maxChars: 10, intervalMs: 3_600_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe("DeltaBuffer", () => {
  it("writes a batch once it reaches the size, and the rest on close; the texts concatenate to the input", async () => {
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, SIZE_ONLY);
    for (let index = 0; index < 7; index++) await buffer.push("abcd");
    expect(sink.writes).toEqual(["abcdabcdabcd", "abcdabcdabcd"]);
    await buffer.close();
    expect(sink.writes).toEqual(["abcdabcdabcd", "abcdabcdabcd", "abcd"]);
    expect(sink.writes.join("")).toBe("abcd".repeat(7));
    expect(buffer.written).toBe(3);
  });

  it("writes what is buffered one interval after the first buffered delta", async () => {
    vi.useFakeTimers();
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, { maxChars: 1_000, intervalMs: 40 });
    await buffer.push("a");
    await buffer.push("b");
    await vi.advanceTimersByTimeAsync(39);
    expect(sink.writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sink.writes).toEqual(["ab"]);
    await buffer.push("c");
    await buffer.close();
    expect(sink.writes).toEqual(["ab", "c"]);
    // Closing cancelled the timer: nothing is written afterwards.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sink.writes).toEqual(["ab", "c"]);
  });

  it("ignores empty deltas and writes nothing when nothing was streamed", async () => {
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, SIZE_ONLY);
    await buffer.push("");
    await buffer.close();
    expect(sink.writes).toEqual([]);
    expect(buffer.written).toBe(0);
  });

  it("runs one write at a time, in order, while deltas keep arriving", async () => {
    vi.useFakeTimers();
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, { maxChars: 6, intervalMs: 40 });
    sink.gate(true);
    await buffer.push("one");
    await vi.advanceTimersByTimeAsync(40); // the timer's write starts and blocks
    expect(sink.waiting()).toBe(1);
    await buffer.push("two");
    const full = buffer.push("three"); // full: waits behind the blocked write
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.waiting()).toBe(1);
    sink.gate(false);
    sink.release();
    await full;
    await buffer.push("four");
    await buffer.close();
    expect(sink.maxActive()).toBe(1);
    expect(sink.writes).toEqual(["one", "twothree", "four"]);
  });

  it("close waits for a write under way before it returns", async () => {
    vi.useFakeTimers();
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, { maxChars: 100, intervalMs: 40 });
    sink.gate(true);
    await buffer.push("early");
    await vi.advanceTimersByTimeAsync(40);
    let closed = false;
    const closing = buffer.close().then(() => void (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    sink.release();
    await closing;
    expect(sink.writes).toEqual(["early"]);
  });

  it("take waits for the write under way, then hands back the rest unwritten", async () => {
    vi.useFakeTimers();
    const sink = recorder();
    const buffer = new DeltaBuffer(sink.write, { maxChars: 100, intervalMs: 40 });
    sink.gate(true);
    await buffer.push("first ");
    await vi.advanceTimersByTimeAsync(40);
    await buffer.push("rest");
    let rest: string | null = null;
    const taking = buffer.take().then((text) => void (rest = text));
    await vi.advanceTimersByTimeAsync(0);
    expect(rest).toBeNull();
    sink.release();
    await taking;
    expect(rest).toBe("rest");
    expect(sink.writes).toEqual(["first "]);
    expect(buffer.written).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sink.writes).toEqual(["first "]);
    await expect(buffer.push("late")).rejects.toThrow("after close");
  });

  it("a failed write surfaces on the next push and on close; no delta is accepted after close", async () => {
    vi.useFakeTimers();
    const failure = new Error("database down");
    const buffer = new DeltaBuffer(async () => Promise.reject(failure), { maxChars: 100, intervalMs: 40 });
    await buffer.push("lost");
    await vi.advanceTimersByTimeAsync(40);
    await expect(buffer.push("more")).rejects.toBe(failure);
    await expect(buffer.close()).rejects.toBe(failure);

    const other = new DeltaBuffer(recorder().write, SIZE_ONLY);
    await other.close();
    await expect(other.push("late")).rejects.toThrow("after close");
  });
});
