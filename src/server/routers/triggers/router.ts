import { router } from "@/server/trpc/init";
import { automationHistory } from "./console/automation-history";
import { createTrigger } from "./create-trigger";
import { eventCatalog } from "./console/event-catalog";
import { fireNow } from "./console/fire-now";
import { fireTrigger } from "./fire-trigger";
import { history } from "./console/history";
import { listSubscribable } from "./console/list-subscribable";
import { listTriggers } from "./console/list-triggers";
import { previewTrigger } from "./console/preview-trigger";
import { setTriggerActive } from "./console/set-trigger-active";
import { subscribe } from "./console/subscribe";
import { unsubscribe } from "./console/unsubscribe";

/** `create` is also POST /api/v1/triggers (cookie only), `fire` POST /api/v1/triggers/fire (yk_); the rest are console procedures (./console/). */
export const triggersRouter = router({
  create: createTrigger,
  fire: fireTrigger,
  fireNow,
  list: listTriggers,
  setActive: setTriggerActive,
  subscribe,
  unsubscribe,
  subscribable: listSubscribable,
  eventCatalog,
  preview: previewTrigger,
  history,
  automationHistory,
});
