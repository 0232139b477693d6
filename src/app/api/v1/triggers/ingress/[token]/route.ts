import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/errors";
import { clientAddress, secretKey } from "@/server/ratelimit/request-keys";
import { receiveEvent } from "@/server/services/triggers/receive-event";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Events are small; a larger body is refused before it is read into memory. */
const MAX_BODY_BYTES = 1024 * 1024;
const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `The event body exceeds ${MAX_BODY_BYTES} bytes; send a smaller payload.`);

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
 * has one, is the authentication (no Authorization header). Counted per URL (its token's hash,
 * valid or not) and per sending address.
 */
const handle = apiRoute<{ token: string }>(
  {
    route: "/api/v1/triggers/ingress/[token]",
    methods: ["POST"],
    // A caller without route params (a direct call in tests) is counted under the empty token.
    rateLimit: (req, { token }) => ({
      surface: "ingress",
      keys: { credential: secretKey(token ?? ""), ip: clientAddress(req) },
    }),
  },
  async (req, { params }) => {
    const received = await receiveEvent({ token: params.token, headers: req.headers, rawBody: await rawBody(req) });
    return Response.json(received.body, {
      status: 202,
      headers: received.replayed ? { "Idempotency-Replayed": "true" } : {},
    });
  },
);

export { handle as POST, handle as GET, handle as PUT, handle as PATCH, handle as DELETE };
