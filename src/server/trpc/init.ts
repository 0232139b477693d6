import { initTRPC, TRPCError } from "@trpc/server";
import type { TProcedureMeta } from "@/contracts/common/meta";
import { ZodError } from "zod";
import { type AppError, findAppError, validationError } from "@/server/errors";
import type { TContext } from "./context";

/**
 * An input the procedure's schema refused, as the 400 VALIDATION the machine API would answer,
 * so the console can show the schema's own sentence (e.g. that it never takes callerCredentials).
 */
function inputRefusal(error: TRPCError): AppError | undefined {
  if (error.code !== "BAD_REQUEST" || !(error.cause instanceof ZodError) || !error.cause.issues.length)
    return undefined;
  return validationError(error.cause.issues);
}

/**
 * The console's tRPC client reads `data.appError` to show the same code and message the
 * machine API would answer with. (The OpenAPI surfaces rewrite errors in openapi-handler.ts.)
 */
const t = initTRPC
  .context<TContext>()
  .meta<TProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const appError = findAppError(error) ?? inputRefusal(error);
      return {
        ...shape,
        message: appError?.message ?? shape.message,
        data: { ...shape.data, appError: appError ? appError.toEnvelope().error : null },
      };
    },
  });

export const TRPC_CODE_BY_STATUS: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * Services throw AppError, which tRPC alone would report as a 500; give the console's tRPC
 * client the real status too (the OpenAPI surfaces read the AppError from the cause).
 */
const appErrorsKeepTheirStatus = t.middleware(async ({ next }) => {
  const result = await next();
  const appError = result.ok ? undefined : findAppError(result.error);
  if (appError)
    throw new TRPCError({
      code: TRPC_CODE_BY_STATUS[appError.status] ?? "INTERNAL_SERVER_ERROR",
      message: appError.message,
      cause: appError,
    });
  return result;
});

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(appErrorsKeepTheirStatus);
export const createCallerFactory = t.createCallerFactory;
