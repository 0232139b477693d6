import type { TReceivedRequest } from "./receiver-server";
import { world } from "./world";

export type { TReceivedRequest };

/** Requests the run's receiver (the world's httpTarget) recorded that contain `marker`. */
export async function receivedRequests(marker: string): Promise<TReceivedRequest[]> {
  const response = await fetch(`${world().httpTarget}/__receiver/requests?marker=${encodeURIComponent(marker)}`);
  return (await response.json()) as TReceivedRequest[];
}

/** Makes the receiver answer requests containing `marker` with this status and body. */
export async function scriptReceiver(marker: string, status: number, body: unknown): Promise<void> {
  await fetch(`${world().httpTarget}/__receiver/respond`, {
    method: "POST",
    body: JSON.stringify({ marker, status, body }),
  });
}

/** A marker unique to one test, safe in URLs and messages. */
export function uniqueMarker(prefix = "m"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
