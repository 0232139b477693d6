import type { TTransaction } from "@/server/db/client";

/** A settled turn as the product areas hear of it (the reply, and how the turn ended). */
export type TTurnSettlement = {
  sessionId: string;
  turnId: string;
  /** The reply: the assistant's answer, or the service's notice when the turn failed. */
  messageId: string;
  outcome: "ok" | "failed" | "cancelled";
  errorCode?: string;
};

/**
 * A turn (or the flow run it executes) that settled or now waits for a person, as the
 * organization's webhook endpoints hear of it. The error is the turn's own (read by the hook).
 */
export type TTurnAnnouncement = {
  sessionId: string;
  turnId: string;
  status: "completed" | "failed" | "cancelled" | "suspended";
  /** The approval a suspended turn waits for. */
  approvalId?: string;
};

/**
 * The ports a turn's settle calls, inside the settling transaction. Execution owns the turn's
 * tables; the product areas behind these (caller credentials, assistant workers) live in
 * services, which execution never imports: services and the engine pass their implementation
 * (services/sessions/settle-hooks.ts) with each settle, so no settle can run without them.
 */
export type TSettleHooks = {
  /** Deletes the turn's caller grant, if it has one: material never outlives its execution. */
  dropGrant(tx: TTransaction, turnId: string): Promise<void>;
  /** Tells the turn's assistant worker, if the session is one's conversation, how it ended. */
  onSettled(tx: TTransaction, settled: TTurnSettlement): Promise<void>;
  /**
   * Records the customer event (turn.* or run.*) for the organization's subscribed webhook
   * endpoints, if any: in the settle's transaction, so the event exists exactly when the settle does.
   */
  announce(tx: TTransaction, turn: TTurnAnnouncement): Promise<void>;
};
