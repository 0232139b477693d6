import { ready } from "@/server/db/client";
import { AppError, errorResponse, findAppError } from "@/server/errors";
import { log } from "@/server/log";
import { receiveEvent } from "@/server/services/triggers/receive-event";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Events are small; a larger body is refused before it is read into memory. */
const MAX_BODY_BYTES = 1024 * 1024;
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The event body exceeds ${MAX_BODY_BYTES} bytes; send a smaller payload.`);

type TContext = { params: Promise<{ token: string }> };

/** The raw body exactly as sent: the signature covers these bytes, so nothing may re-serialize it. */
async function rawBody(req: Request): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

/**
 * POST /api/v1/triggers/ingress/:token: a source system delivers one event to an event trigger.
 * The unguessable token is the address; the endpoint secret's HMAC signature, when the trigger
 * has one, is the authentication (no Authorization header).
 */
export async function POST(req: Request, { params }: TContext): Promise<Response> {
  const { token } = await params;
  try {
    await ready();
    const received = await receiveEvent({ token, headers: req.headers, rawBody: await rawBody(req) });
    return Response.json(received.body, { status: 202, headers: received.replayed ? { "Idempotency-Replayed": "true" } : {} });
  } catch (error) {
    const appError = findAppError(error);
    if (appError) return errorResponse(appError);
    // Never the body or headers: they may carry the sender's secrets.
    log.error("event ingress failed", { err: error });
    return errorResponse(new AppError("INTERNAL", "The event could not be accepted; retry the delivery."));
  }
}

function methodNotAllowed(req: Request): Response {
  return errorResponse(new AppError("METHOD_NOT_ALLOWED", `${req.method} is not supported on the ingress URL; deliver events with POST.`, { headers: { Allow: "POST" } }));
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
