"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { TUsageFilters } from "./usage-filters";
import { filtersFromParams, searchOfFilters, type TUsageRange } from "./usage-params";

const fromLocation = (defaults: TUsageRange) =>
  filtersFromParams(new URLSearchParams(window.location.search), defaults);

/**
 * The usage filters, held by the page and mirrored to the URL (reload, back/forward and shared
 * links keep them). The page owns them rather than reading `useSearchParams` on every change:
 * Next.js replays a plain `history.pushState` into its router in a transition, and a replay that
 * lands after the next edit rewrote the newer entry's URL, so a quick "To, then From" lost the
 * To and Back landed on the wrong entry. Each entry carries the router's own state (`__NA` and
 * its tree), which Next passes through untouched and restores on back/forward like its own.
 */
export function useFiltersInUrl(defaults: TUsageRange): [TUsageFilters, (patch: Partial<TUsageFilters>) => void] {
  const search = useSearchParams() ?? new URLSearchParams(); // null only under the Pages Router, which renders no page here
  const [filters, setFilters] = useState(() => filtersFromParams(search, defaults));
  const latest = useRef(filters);
  const { from, to } = defaults;

  useEffect(() => {
    const onPopState = () => {
      latest.current = fromLocation({ from, to });
      setFilters(latest.current);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [from, to]);

  const update = (patch: Partial<TUsageFilters>) => {
    latest.current = { ...latest.current, ...patch };
    setFilters(latest.current);
    window.history.pushState(
      { ...window.history.state },
      "",
      `${window.location.pathname}${searchOfFilters(latest.current, { from, to })}`,
    );
  };
  return [filters, update];
}
