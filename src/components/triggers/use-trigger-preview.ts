"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/client/trpc";
import type { TPreviewTriggerRequest } from "@/contracts/triggers/preview-trigger";

const DELAY_MS = 300;

/** The value once it has stopped changing for a moment (typing does not query per keystroke). */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/** The service's preview of the trigger being written (triggers.preview): next firings, agent message. */
export function useTriggerPreview(request: TPreviewTriggerRequest) {
  const trpc = useTRPC();
  const settled = useSettled(request);
  return useQuery({
    ...trpc.triggers.preview.queryOptions(settled),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
