import { GET } from "@/server/http/tenant-session-stream-route";
import { pagesStreamRoute } from "@/server/http/pages-stream-route";

// The tenant twin of src/pages/api/v1/agents/sessions/[sessionId]/stream.ts (a Pages API route
// for the same memory reason; docs/decisions.md). Every method reaches the handler, which
// answers anything but GET with 405 and Allow.
export const config = { api: { externalResolver: true, bodyParser: false, responseLimit: false } };
export default pagesStreamRoute(GET, ["orgId", "sessionId"]);
