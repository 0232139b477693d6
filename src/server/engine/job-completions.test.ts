import { describe, expect, it } from "vitest";
import { JobCompletions, type TFencedJob } from "./job-completions";

const job = (id: string): TFencedJob => ({ id, retryCount: 0 });

describe("job completions", () => {
  it("completes a job alone when nothing is on its way, and the jobs that end meanwhile together next", async () => {
    const sent: string[][] = [];
    let release!: () => void;
    const completions = new JobCompletions(async (jobs) => {
      sent.push(jobs.map((one) => one.id));
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = completions.complete(job("a"));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [completions.complete(job("b")), completions.complete(job("c"))];
    expect(sent).toEqual([["a"]]);
    release();
    await Promise.all([first, ...later]);
    expect(sent).toEqual([["a"], ["b", "c"]]);
    await completions.complete(job("d"));
    expect(sent).toEqual([["a"], ["b", "c"], ["d"]]);
  });

  it("hands a failed completion to its own callers only; the next batch still goes", async () => {
    const completions = new JobCompletions(async (jobs) => {
      if (jobs.some((one) => one.id === "bad")) throw new Error("the database is away");
    });
    await expect(completions.complete(job("bad"))).rejects.toThrow("the database is away");
    await expect(completions.complete(job("good"))).resolves.toBeUndefined();
  });

  it("with a spacing, sends at most one statement per spacing: jobs ending within it go together", async () => {
    const sent: Array<{ ids: string[]; at: number }> = [];
    const completions = new JobCompletions(async (jobs) => {
      sent.push({ ids: jobs.map((one) => one.id), at: performance.now() });
    }, 40);
    await completions.complete(job("a"));
    const started = performance.now();
    await Promise.all([
      completions.complete(job("b")),
      new Promise((resolve) => setTimeout(resolve, 10)).then(() => completions.complete(job("c"))),
    ]);
    expect(sent.map((batch) => batch.ids)).toEqual([["a"], ["b", "c"]]);
    // The first went at once; the second waited out the spacing after it.
    expect(sent[0]!.at).toBeLessThanOrEqual(started);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(39);
  });
});
