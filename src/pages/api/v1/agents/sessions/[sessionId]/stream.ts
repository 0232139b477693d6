import { GET } from "@/server/http/session-stream-route";
import { pagesStreamRoute } from "@/server/http/pages-stream-route";

// The one Pages API route: 10,000 held streams cost a third of the memory here than as an App
// Router route handler (docs/decisions.md). Every method reaches the handler, which answers
// anything but GET with 405 and Allow.
// externalResolver: the answer outlives the handler (Next reads this object statically).
export const config = { api: { externalResolver: true, bodyParser: false, responseLimit: false } };
export default pagesStreamRoute(GET, ["sessionId"]);
