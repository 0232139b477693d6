import { QueryCache, QueryClient } from "@tanstack/react-query";

type TErrorData = { data?: { httpStatus?: number; appError?: { code?: string } | null } | null };

const RETRYABLE_CODES = new Set(["INTERNAL", "UNAVAILABLE"]);

/**
 * Answers such as validation, not found or signed out will not change on a retry. The
 * service's own code decides (its AppErrors reach tRPC as HTTP 500 today); otherwise the
 * HTTP status does.
 */
function isFinalAnswer(error: unknown): boolean {
  const data = (error as TErrorData | null)?.data;
  const code = data?.appError?.code;
  if (code) return !RETRYABLE_CODES.has(code);
  const status = data?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * One factory for the browser and the server: server components prefetch into a client of
 * the same shape and hand the cache over with HydrationBoundary. The stale time stops the
 * browser from refetching what the server has just rendered.
 */
export function makeQueryClient(
  options: { onQueryError?: (error: unknown) => void; retry?: boolean } = {},
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: options.onQueryError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: options.retry === false ? false : (failureCount, error) => failureCount < 2 && !isFinalAnswer(error),
      },
    },
  });
}
