import { router } from "@/server/trpc/init";
import { getAssistantConfig } from "./get-assistant-config";
import { listEvents } from "./list-events";
import { putAssistantConfig } from "./put-assistant-config";

export const assistantConfigRouter = router({
  getAssistantConfig,
  putAssistantConfig,
  listEvents,
});
