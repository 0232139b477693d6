import type {
  TSetInstanceEventTriggersRequest,
  TSetInstanceEventTriggersResponse,
} from "@/contracts/admin/set-instance-event-triggers";
import { db, type TTransaction } from "@/server/db/client";
import { log } from "@/server/log";
import { readEventTriggerSwitches, setEventTriggersForAll } from "@/server/services/triggers/rollout";

/**
 * "Event triggers for every organization": one instance switch. It belongs to no organization, so
 * no audit log gets an entry; a change is logged on the service's log with the operator's id.
 * `client` lets a caller run it inside its own transaction.
 */
export async function setInstanceEventTriggers(
  operatorUserId: string,
  input: TSetInstanceEventTriggersRequest,
  client?: TTransaction,
): Promise<TSetInstanceEventTriggersResponse> {
  const change = async (tx: TTransaction) => {
    const { instance } = await readEventTriggerSwitches(tx);
    if (instance !== input.enabled) await setEventTriggersForAll(input.enabled, tx);
    return instance;
  };
  const was = await (client ? change(client) : db().$transaction(change));
  if (was !== input.enabled) {
    log.info("instance event-trigger rollout changed", {
      operatorUserId,
      rollout: "event_triggers",
      from: was ? "all" : "per organization",
      to: input.enabled ? "all" : "per organization",
    });
  }
  return { instanceEnabled: input.enabled };
}
