import { router } from "@/server/trpc/init";
import { automationHistory } from "./automation-history";
import { createTrigger } from "./create-trigger";
import { eventCatalog } from "./event-catalog";
import { fireNow } from "./fire-now";
import { fireTrigger } from "./fire-trigger";
import { history } from "./history";
import { listSubscribable } from "./list-subscribable";
import { listTriggers } from "./list-triggers";
import { previewTrigger } from "./preview-trigger";
import { setTriggerActive } from "./set-trigger-active";
import { subscribe } from "./subscribe";
import { unsubscribe } from "./unsubscribe";

/** `create` is also POST /api/v1/triggers (cookie only), `fire` POST /api/v1/triggers/fire (yk_); the rest are console procedures. */
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
