"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TRunFilters } from "./run-history-filters";
import { runFiltersFromParams, searchOfRunFilters } from "./run-history-params";

/**
 * Run history's filters, held by the list and mirrored to the URL the way the Usage page keeps
 * its own (components/usage/use-filters-in-url.ts explains why the page owns them rather than
 * reading `useSearchParams` on every change). A choice adds a history entry; typing in the
 * search box replaces the current one, so Back does not step through every keystroke.
 */
export function useRunFiltersInUrl(
  enabled: boolean,
): [TRunFilters, (patch: Partial<TRunFilters>, options?: { replace?: boolean }) => void] {
  const search = useSearchParams() ?? new URLSearchParams(); // null only under the Pages Router
  const [filters, setFilters] = useState(() => runFiltersFromParams(enabled ? search : new URLSearchParams()));
  const latest = useRef(filters);

  useEffect(() => {
    if (!enabled) return;
    const onPopState = () => {
      latest.current = runFiltersFromParams(new URLSearchParams(window.location.search));
      setFilters(latest.current);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [enabled]);

  const update = useCallback(
    (patch: Partial<TRunFilters>, options: { replace?: boolean } = {}) => {
      latest.current = { ...latest.current, ...patch };
      setFilters(latest.current);
      if (!enabled) return;
      const url = `${window.location.pathname}${searchOfRunFilters(latest.current)}`;
      if (options.replace) window.history.replaceState({ ...window.history.state }, "", url);
      else window.history.pushState({ ...window.history.state }, "", url);
    },
    [enabled],
  );
  return [filters, update];
}
