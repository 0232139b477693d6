import {
  decideApprovalMeta,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from "@/contracts/sessions/decide-approval";
import { getSessionMeta, ZGetSessionRequest, ZGetSessionResponse } from "@/contracts/sessions/get-session";
import { openSessionMeta, ZOpenSessionRequest, ZOpenSessionResponse } from "@/contracts/sessions/open-session";
import { postMessageMeta, ZPostMessageRequest, ZPostMessageResponse } from "@/contracts/sessions/post-message";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";
import { decideApprovalCall } from "@/server/routers/sessions/decide-approval";
import { getSessionCall } from "@/server/routers/sessions/get-session";
import { openSessionCall } from "@/server/routers/sessions/open-session";
import { postMessageCall } from "@/server/routers/sessions/post-message";

/**
 * Spec 4.2 at /organizations/{orgId}/agents/...: the v1 contracts and operations, acting as the
 * subject. The stream is a plain route (src/server/http/tenant-session-stream-route.ts).
 */
export const tenantSessionsRouter = router({
  open: tenantRoute(openSessionMeta, ZOpenSessionRequest, ZOpenSessionResponse, openSessionCall),
  postMessage: tenantRoute(postMessageMeta, ZPostMessageRequest, ZPostMessageResponse, postMessageCall),
  get: tenantRoute(getSessionMeta, ZGetSessionRequest, ZGetSessionResponse, getSessionCall),
  decideApproval: tenantRoute(decideApprovalMeta, ZDecideApprovalRequest, ZDecideApprovalResponse, decideApprovalCall),
});
