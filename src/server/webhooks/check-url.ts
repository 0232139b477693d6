import { httpToolAllowedHosts } from "@/server/env";
import { AppError, findAppError } from "@/server/errors";
import { resolveTarget } from "@/server/integrations/http/pinned-request";

/**
 * A webhook URL passes the HTTP tool's SSRF guard when it is saved (loopback only through
 * HTTP_TOOL_ALLOWED_HOSTS); every attempt checks it again (deliver.ts), since its host may
 * resolve elsewhere later. `field` names the body field in the 400.
 */
export async function checkWebhookUrl(url: string, field: string): Promise<void> {
  try {
    await resolveTarget(new URL(url), httpToolAllowedHosts());
  } catch (error) {
    const appError = findAppError(error);
    // A host that does not resolve is a bad URL here, not an outage of ours.
    if (appError?.code === "UNAVAILABLE")
      throw new AppError("VALIDATION", `${field}: ${appError.message}`, { details: { field, reason: "dns" } });
    if (appError)
      throw new AppError("VALIDATION", `${field}: ${appError.message}`, { details: { field, ...appError.details } });
    throw error;
  }
}
