import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZWorkerConnection } from "./connections";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const listConnectionsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      items: [
        {
          provider: "mail",
          status: "connected",
          scopes: ["https://www.googleapis.com/auth/gmail.send"],
          connected_at: "2026-03-14T09:30:00.000Z",
          last_error: "The refresh token was revoked.",
        },
      ],
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/workers/{w}/connections",
  summary: "List a worker's connections",
  description: "The worker's mail and calendar connections (at most one each), mail first. Tokens are never returned.",
  tags: ["Assistant connections"],
  security: ["partnerKey"],
  errors: { 401: ASSISTANT_401, 404: ASSISTANT_WORKER_404 },
});

export const ZListConnectionsRequest = z.strictObject(ZWorkerPath);
export const ZListConnectionsResponse = z
  .object({ items: z.array(ZWorkerConnection) })
  .meta({ id: "WorkerConnectionList" });
