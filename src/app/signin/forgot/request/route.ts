import { ZRequestPasswordResetRequest } from "@/contracts/passwords/request-reset";
import { foreignOriginRefusal, requestOriginOf } from "@/server/auth/same-origin";
import { AppError, validationError } from "@/server/errors";
import { apiRoute } from "@/server/http/api-route";
import { requestPasswordReset } from "@/server/services/passwords/request-reset";
import { takeResetRequest } from "./reset-request-limits";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function tooMany(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    "RATE_LIMITED",
    `Too many reset requests; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/**
 * POST { email } from the sign-in page's "Forgot password?" form: 200 with the same sentence
 * whether or not an account has the address; 400 VALIDATION, 403 from another site, 429 when
 * the address or the client asked too often, 503 when the service cannot send email.
 */
export const POST = apiRoute({ route: "/signin/forgot/request", methods: ["POST"] }, async (req) => {
  const refusal = foreignOriginRefusal(requestOriginOf(req.headers, req.url));
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  const parsed = ZRequestPasswordResetRequest.safeParse(await req.json().catch(() => undefined));
  if (!parsed.success) throw validationError(parsed.error.issues);
  const retryAfterSeconds = await takeResetRequest(parsed.data.email, req.headers.get("x-forwarded-for"));
  if (retryAfterSeconds !== null) throw tooMany(retryAfterSeconds);
  return Response.json(await requestPasswordReset(parsed.data));
});
