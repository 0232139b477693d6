"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { detach } from "@/client/detach";
import type { TSessionDetails } from "./types";
import { useTRPC } from "@/client/trpc";

type TStreamStatus = "connecting" | "live" | "reconnecting" | "ended";

type TEnvelope = {
  v: number;
  sessionId: string;
  seq: number;
  ts: string;
  event: string;
  data: Record<string, unknown>;
};

/** Events after which the authoritative state is re-read (spec 6.1); deltas only grow live text. */
const REREAD = new Set([
  "turn.started",
  "tool_call.started",
  "tool_call.finished",
  "caller_credential.failed",
  "budget.failed",
  "file.added",
  "turn.suspended",
  "turn.completed",
  "session.changed",
]);

/** A message being streamed: its turn, its id when the deltas name it, and its text so far. */
export type TLiveText = { executionId: string; messageId: string | null; text: string };

/**
 * The session's details kept live by the console stream: the snapshot seeds them, deltas grow
 * the reply being written, and every other event re-reads the details. EventSource reconnects
 * by itself with Last-Event-ID, so nothing is missed across a network blip.
 */
export function useSessionStream(sessionId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TStreamStatus>("connecting");
  // Text being written, by the message it belongs to (a delta names it; older events name only the turn).
  const [liveText, setLiveText] = useState<Record<string, TLiveText>>({});
  const detailsKey = useRef(trpc.sessionConsole.get.queryKey({ sessionId }));

  useEffect(() => {
    const key = detailsKey.current;
    const source = new EventSource(`/api/console/sessions/${sessionId}/stream`);
    // Not awaited: an event listener cannot wait, and the next events arrive while a re-read runs.
    const reread = () => detach(queryClient.invalidateQueries({ queryKey: key }), "session stream: re-read");
    const onEvent = (event: MessageEvent<string>) => {
      const envelope = JSON.parse(event.data) as TEnvelope;
      setStatus("live");
      if (envelope.event === "snapshot") {
        queryClient.setQueryData(key, envelope.data as unknown as TSessionDetails);
        setLiveText({});
      } else if (envelope.event === "message.delta") {
        const executionId = String(envelope.data.executionId ?? "");
        const messageId = typeof envelope.data.messageId === "string" ? envelope.data.messageId : null;
        const key = messageId ?? executionId;
        setLiveText((current) => ({
          ...current,
          [key]: { executionId, messageId, text: (current[key]?.text ?? "") + String(envelope.data.text ?? "") },
        }));
      } else if (envelope.event === "stream.reset") {
        setLiveText({});
        reread();
      } else if (REREAD.has(envelope.event)) {
        if (envelope.event === "turn.completed") {
          const executionId = String(envelope.data.executionId ?? "");
          detach(
            queryClient
              .invalidateQueries({ queryKey: key })
              .then(() =>
                setLiveText((current) =>
                  Object.fromEntries(Object.entries(current).filter(([, live]) => live.executionId !== executionId)),
                ),
              ),
            "session stream: re-read after a turn",
          );
        } else reread();
      }
    };
    for (const name of ["snapshot", "stream.reset", "message.delta", ...REREAD])
      source.addEventListener(name, onEvent as EventListener);
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "ended" : "reconnecting");
    return () => source.close();
  }, [sessionId, queryClient]);

  return { status, liveText };
}
