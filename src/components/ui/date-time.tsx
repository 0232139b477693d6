"use client";

import { useSyncExternalStore } from "react";

const LOCAL = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const UTC = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const subscribe = () => () => {};

/**
 * The server cannot know the reader's time zone: it renders UTC, and the browser switches to
 * local time right after hydration (so the two renders never disagree).
 */
export function DateTime({ value, fallback = "—" }: { value: string | null; fallback?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!value) return <span>{fallback}</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={value}>
      {inBrowser ? LOCAL.format(date) : `${UTC.format(date)} UTC`}
    </time>
  );
}
