import { router } from "@/server/trpc/init";
import { createTrigger } from "./create-trigger";
import { eventCatalog } from "./event-catalog";
import { listSubscribable } from "./list-subscribable";
import { listTriggers } from "./list-triggers";
import { setTriggerActive } from "./set-trigger-active";
import { subscribe } from "./subscribe";
import { unsubscribe } from "./unsubscribe";

/** `create` is also POST /api/v1/triggers (cookie only); the rest are console procedures. */
export const triggersRouter = router({
  create: createTrigger,
  list: listTriggers,
  setActive: setTriggerActive,
  subscribe,
  unsubscribe,
  subscribable: listSubscribable,
  eventCatalog,
});
