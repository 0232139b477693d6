import type { TSurface } from "@/contracts/common/meta";
import { currentRequestId, requestIdFrom } from "@/server/request-id";

/** Per-request context. Auth flavours (procedures.ts) add the actor. */
export type TContext = {
  req: Request;
  /** "console" for /api/trpc; otherwise the machine API surface that received the request. */
  surface: TSurface | "console";
  requestId: string;
  /** Response headers a procedure wants to set (the OpenAPI adapter drops Headers instances). */
  resHeaders: Record<string, string>;
};

export function createContext(req: Request, surface: TContext["surface"]): TContext {
  return { req, surface, requestId: currentRequestId() ?? requestIdFrom(req.headers), resHeaders: {} };
}
