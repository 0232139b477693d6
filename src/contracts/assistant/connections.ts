import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { ZWorkerPath } from "./worker";

// Shared pieces of the worker connection routes (spec 4.8, docs/assistant/connections.md).

export const ZConnectionProvider = z
  .enum(["mail", "calendar"])
  .meta({ description: "The connectable provider: `mail` or `calendar`; anything else is 400 VALIDATION." });

/** `{orgId}`, `{w}` and `{provider}`. */
export const ZConnectionPath = { ...ZWorkerPath, provider: ZConnectionProvider };

export const ZWorkerConnection = z
  .object({
    provider: ZConnectionProvider,
    status: z.enum(["connected", "error"]).meta({
      description:
        "`connected`: tools act with it; `error`: the provider refused a refresh (see last_error); the end user must connect again.",
    }),
    scopes: z.array(z.string()).meta({ description: "The scopes the provider granted." }),
    connected_at: ZIsoDateTime.meta({ description: "When the end user last completed the connect link." }),
    last_error: z.string().nullable().meta({
      description:
        "The provider's error code of the last failed refresh (e.g. `invalid_grant`), or `app_unavailable` / `no_refresh_token`; null while it works.",
    }),
  })
  .meta({ id: "WorkerConnection" });
export type TWorkerConnection = z.infer<typeof ZWorkerConnection>;
