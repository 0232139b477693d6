import { router } from "@/server/trpc/init";
import { consoleListEvents, consoleResendEvent } from "./console/console-events";
import { getEvent, listEvents } from "./read-events";
import { resendEvent } from "./resend-event";

/** The completion event log: /api/v1/webhook-events (yk_) and the console's twins (cookie). */
export const webhookEventsRouter = router({
  list: listEvents,
  get: getEvent,
  resend: resendEvent,
  consoleList: consoleListEvents,
  consoleResend: consoleResendEvent,
});
