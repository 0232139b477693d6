import type { TPerson } from "./agents-kit";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";

/** The console's tRPC procedures as a signed-in person calls them (a real session cookie). */
export async function consoleAs(who: TPerson) {
  const cookie = await mintSessionCookie({ sub: who.actor.userId, orgId: who.actor.orgId });
  const req = new Request("http://127.0.0.1/api/trpc", {
    headers: { cookie: `service_session=${encodeURIComponent(cookie)}` },
  });
  return appRouter.createCaller(createContext(req, "console"));
}

/** The code a console caller sees: the AppError's code and status, or VALIDATION plus the message for input refusals. */
export async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    const trpcError = error as { code?: string; message?: string; cause?: { code?: string; status?: number } };
    if (trpcError.code === "BAD_REQUEST") return `VALIDATION ${trpcError.message}`;
    return `${trpcError.cause?.code} ${trpcError.cause?.status}`;
  }
}
