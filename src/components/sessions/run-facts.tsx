"use client";

import { useSyncExternalStore } from "react";
import type { TSessionSummary } from "@/contracts/session-console/session-summary";
import { Badge, type TBadgeTone } from "@/components/ui/badge";

type TLastRun = NonNullable<TSessionSummary["lastRun"]>;

export const OUTCOME_LABEL: Record<TLastRun["outcome"], string> = {
  queued: "Queued",
  running: "Running",
  waiting: "Waiting for approval",
  completed: "Completed",
  tool_failed: "Tool failed",
  rejected: "Rejected",
  failed: "Failed",
};

const OUTCOME_TONE: Record<TLastRun["outcome"], TBadgeTone> = {
  queued: "muted",
  running: "brand",
  waiting: "brand",
  completed: "success",
  tool_failed: "danger",
  rejected: "danger",
  failed: "danger",
};

export const ORIGIN_LABEL: Record<TSessionSummary["origin"], string> = {
  console: "Console",
  api: "API",
  trigger: "Trigger",
  mcp: "MCP",
  assistant: "Assistant (partner)",
  flow: "Flow step",
};

/** The last turn's outcome, with the code of what failed (the turn's, or its tool call's). */
export function RunOutcome({ lastRun }: { lastRun: TSessionSummary["lastRun"] }) {
  if (!lastRun) return <Badge tone="muted">No run yet</Badge>;
  return (
    <span>
      <Badge tone={OUTCOME_TONE[lastRun.outcome]} dot={lastRun.outcome === "running" || lastRun.outcome === "waiting"}>
        {OUTCOME_LABEL[lastRun.outcome]}
      </Badge>
      {lastRun.errorCode ? (
        <code style={{ marginLeft: 6 }} title={lastRun.toolName ? `Tool ${lastRun.toolName}` : undefined}>
          {lastRun.errorCode}
        </code>
      ) : null}
    </span>
  );
}

/** "API key “deploy”", "Trigger “Nightly import”", "Console · Ada": where the run came from. */
export function originText(session: Pick<TSessionSummary, "origin" | "startedVia" | "owner">): string {
  if (session.startedVia)
    return `${session.startedVia.kind === "trigger" ? "Trigger" : "API key"} “${session.startedVia.name}”`;
  const who = session.owner ? (session.owner.isYou ? "you" : session.owner.name) : null;
  return who && session.origin !== "trigger"
    ? `${ORIGIN_LABEL[session.origin]} · ${who}`
    : ORIGIN_LABEL[session.origin];
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return minutes < 60
    ? `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const ABSOLUTE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

export function relative(value: string, now: number): string {
  let amount = (new Date(value).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return value;
}

const subscribe = () => () => {};

/** "3 minutes ago", with the absolute local time on hover; the server render shows the ISO time (no clock skew in hydration). */
export function RelativeTime({ value }: { value: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return (
    <time dateTime={value} title={inBrowser ? ABSOLUTE.format(new Date(value)) : value}>
      {inBrowser ? relative(value, Date.now()) : value.slice(0, 16).replace("T", " ")}
    </time>
  );
}
