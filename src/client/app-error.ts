import { TRPCClientError } from "@trpc/client";
import type { TAppRouter } from "@/server/routers/root";

type TAppErrorBody = { code: string; message: string };

/** The service's own error (code and message) carried by a tRPC error, if any. */
export function appErrorOf(error: unknown): TAppErrorBody | null {
  if (error instanceof TRPCClientError) {
    return ((error as TRPCClientError<TAppRouter>).data?.appError as TAppErrorBody | null | undefined) ?? null;
  }
  return null;
}

/** What to tell the person: the service's message when it sent one, else a neutral sentence. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Try again in a moment."): string {
  return appErrorOf(error)?.message ?? fallback;
}

/** The machine API's error envelope `{ error: { code, message } }`, read from a fetch response. */
export async function envelopeMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" ? body.error.message : fallback;
  } catch {
    return fallback;
  }
}
