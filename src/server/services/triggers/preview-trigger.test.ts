import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { db } from "@/server/db/client";
import { AppError, findAppError } from "@/server/errors";
import { previewTrigger } from "./preview-trigger";
import { planSchedule } from "./schedule";
import { agentMessageFor } from "./render-input";

const NOW = new Date("2026-03-28T12:00:00Z");

describe("previewTrigger", () => {
  it("lists the next five firings in the schedule's zone, across a daylight-saving change", () => {
    const preview = previewTrigger(
      { type: "schedule", name: "Daily", cron: "0 9 * * *", timezone: "Europe/Berlin" },
      NOW,
    );
    expect(preview.schedule).toEqual({
      timezone: "Europe/Berlin",
      // 09:00 in Berlin is 08:00Z before the switch on 29 March and 07:00Z after it.
      nextFirings: [
        "2026-03-29T07:00:00.000Z",
        "2026-03-30T07:00:00.000Z",
        "2026-03-31T07:00:00.000Z",
        "2026-04-01T07:00:00.000Z",
        "2026-04-02T07:00:00.000Z",
      ],
    });
  });

  it("refuses a schedule with create's own messages, naming the field", () => {
    const cron = { field: "cron", message: expect.stringContaining("has 3 field(s)") };
    expect(previewTrigger({ type: "schedule", name: "x", cron: "* * *", timezone: "UTC" }, NOW).schedule).toEqual({
      error: cron,
      problems: [cron],
    });
    const zone = { field: "timezone", message: expect.stringContaining("is not an IANA time zone") };
    expect(
      previewTrigger({ type: "schedule", name: "x", cron: "0 9 * * *", timezone: "Mars/Olympus" }, NOW).schedule,
    ).toEqual({ error: zone, problems: [zone] });
    expect(previewTrigger({ type: "schedule", name: "x", cron: "", timezone: "UTC" }, NOW).schedule).toBeNull();
  });

  it("a bad time zone does not hide a bad cron expression: both are reported", () => {
    const schedule = previewTrigger({ type: "schedule", name: "x", cron: "61 * * * *", timezone: "Mars/Olympus" }, NOW)
      .schedule as { error: unknown; problems: Array<{ field: string; message: string }> };
    expect(schedule.problems.map((problem) => problem.field)).toEqual(["cron", "timezone"]);
    expect(schedule.problems[0]!.message).toContain('"61 * * * *" is not a valid cron expression');
    expect(schedule.problems[1]!.message).toContain('"Mars/Olympus" is not an IANA time zone');
    expect(schedule.error).toEqual(schedule.problems[0]);

    let refusal: unknown;
    try {
      planSchedule("* * *", "Mars/Olympus", NOW);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    const { status, code, message, details } = refusal as AppError;
    expect([status, code]).toEqual([400, "VALIDATION"]);
    expect(message).toMatch(/^Invalid request: cron: "\* \* \*" has 3 field\(s\).*\(and 1 more problem\)\.$/);
    expect(details).toEqual({
      issues: [
        { path: "cron", message: expect.stringContaining("has 3 field(s)"), code: "invalid_cron" },
        { path: "timezone", message: expect.stringContaining("Mars/Olympus"), code: "invalid_timezone" },
      ],
    });
  });

  it("renders the agent message exactly as a firing does: the prompt, else the input as text", () => {
    const input = { order: { id: 42, items: ["a", "b"] }, note: "rush" };
    expect(previewTrigger({ type: "api", name: "Order placed", input }, NOW).agentMessage).toBe(
      agentMessageFor("Order placed", input),
    );
    expect(
      previewTrigger({ type: "schedule", name: "  ", input: { prompt: "Write the report" } }, NOW).agentMessage,
    ).toBe("Write the report");
    expect(previewTrigger({ type: "api", name: "" }, NOW).agentMessage).toBeNull();
    expect(previewTrigger({ type: "api", name: "", input: {} }, NOW).agentMessage).toBe(
      'Trigger "New trigger" fired without input.',
    );
  });

  it("shapes a sample event as the ingress does before rendering it", () => {
    const message = previewTrigger(
      {
        type: "event",
        name: "Hook",
        eventType: "webhook.received",
        event: { actor: { id: "u-1" }, payload: { amount: 5 } },
      },
      NOW,
    ).agentMessage;
    expect(message).toBe(
      [
        'Trigger "Hook" fired with:',
        "- eventType: webhook.received",
        `- occurredAt: ${NOW.toISOString()}`,
        "- actor:",
        "  - id: u-1",
        "- payload:",
        "  - amount: 5",
      ].join("\n"),
    );
  });
});

describe("console triggers.preview", () => {
  let world: TAgentsWorld;
  beforeAll(async () => {
    world = await agentsWorld();
  });

  it("answers a signed-in person and validates its input", async () => {
    const console = await consoleAs(world.people.viewer);
    const preview = await console.triggers.preview({
      type: "schedule",
      name: "Hourly",
      cron: "0 * * * *",
      timezone: "UTC",
      input: { prompt: "Check" },
    });
    expect(preview.schedule).toMatchObject({ timezone: "UTC" });
    expect(preview.agentMessage).toBe("Check");
    await expect(
      console.triggers.preview({ type: "api", name: "x", input: {}, extra: true } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("creating a schedule with a bad cron and a bad time zone is one 400 naming both, nothing saved", async () => {
    const console = await consoleAs(world.people.owner);
    const name = `Both wrong ${Date.now()}`;
    const error = await console.triggers
      .create({ type: "schedule", domainId: world.acme.ops, name, cron: "every day", timezone: "Mars/Olympus" })
      .then(
        () => null,
        (thrown: unknown) => findAppError(thrown),
      );
    expect([error?.status, error?.code]).toEqual([400, "VALIDATION"]);
    expect((error?.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      "cron",
      "timezone",
    ]);
    expect(await db().trigger.count({ where: { name } })).toBe(0);
  });
});
