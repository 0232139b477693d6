import type { TLeaseActor, TPartnerActor, TUserActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { foreignOriginRefusal, requestOriginOf } from "@/server/auth/same-origin";
import { authenticateCookie, type TCookieSession } from "@/server/auth/session-cookie";
import { ready } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { countAfterAuthentication } from "@/server/ratelimit/request-limits";
import { isInstanceOperator } from "@/server/services/admin/is-instance-operator";
import { resolveTenantActor } from "@/server/services/partner/tenant/tenant-actor";
import type { TContext } from "./context";
import { publicProcedure } from "./init";

/**
 * The auth flavours, defined once (ARCHITECTURE rule 7). Each refuses in the way its surface
 * promises: run, session and authoring routes with the uniform 404, partner routes with a
 * neutral 401, cookie routes with 401 UNAUTHORIZED.
 */
const withDatabase = publicProcedure.use(async ({ next }) => {
  await ready();
  return next();
});

/**
 * The customer API counts the caller's organization once the key is known (one more counter, no
 * query); a 401 or 404 gives the point back (check-rate-limit.ts).
 */
async function countOrganization(surface: TContext["surface"], actor: TUserActor): Promise<void> {
  if (surface === "v1") await countAfterAuthentication("v1", { organization: actor.orgId });
}

/**
 * Bearer flavours are served by the machine API surfaces only: the console's /api/trpc serves the
 * whole router, and through it a key would skip its surface's rate limits and refusals. The
 * browser never sends a bearer there, so nothing the console does is refused.
 */
const machineSurface = withDatabase.use(async ({ ctx, next }) => {
  if (ctx.surface === "console") throw notFound();
  return next();
});

const partnerRefusal = () => new AppError("UNAUTHORIZED", "The credential is missing, invalid or not accepted here.");

/**
 * Every cookie flavour below: a state change (a mutation, on /api/trpc or the machine API) made
 * with the cookie must come from the service's own pages (auth/same-origin.ts, the CSRF rule).
 * Checked before the cookie is read, so a forged request costs no database work.
 */
const sameOriginChanges = withDatabase.use(async ({ ctx, type, next }) => {
  if (type === "mutation") {
    const refusal = foreignOriginRefusal(requestOriginOf(ctx.req.headers, ctx.req.url));
    if (refusal) throw new AppError("FORBIDDEN", refusal);
  }
  return next();
});

/** Signed in with the service_session cookie; an organization need not be selected. */
export const signedInProcedure = sameOriginChanges.use(async ({ ctx, next }) => {
  const session = await authenticateCookie(ctx.req.headers);
  if (!session)
    throw new AppError(
      "UNAUTHORIZED",
      "Sign in to the console first: the service_session cookie is missing, expired or invalid.",
    );
  return next({ ctx: { session } });
});

/** Console routes: the cookie with a selected organization the person still belongs to. */
export const consoleProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  const actor = ctx.session.actor;
  if (!actor)
    throw new AppError("UNAUTHORIZED", "Choose an organization in the console first: this session has none selected.");
  return next({ ctx: { session: ctx.session as TCookieSession, actor } });
});

/**
 * The operators' console (/admin): a signed-in cookie whose person is an instance operator and
 * not disabled (re-read on every call). Anyone else signed in gets the uniform 404, so the area's
 * existence is not revealed; signed out is the console's usual 401.
 */
export const operatorProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  if (!(await isInstanceOperator(ctx.session.userId))) throw notFound();
  return next({ ctx: { operatorUserId: ctx.session.userId } });
});

/** Personal API key (yk_) only: run routes, stream, turn-approval, fire, MCP. */
export const userKeyProcedure = machineSurface.use(async ({ ctx, next }) => {
  const actor = (await authenticateBearer(ctx.req.headers, ["api_key"])) as TUserActor | null;
  if (!actor) throw notFound();
  await countOrganization(ctx.surface, actor);
  return next({ ctx: { actor } });
});

/** Personal API key or short-lived user token (yk_ or yku_): authoring and knowledge routes. */
export const userTokenProcedure = machineSurface.use(async ({ ctx, next }) => {
  const actor = (await authenticateBearer(ctx.req.headers, ["api_key", "user_token"])) as TUserActor | null;
  if (!actor) throw notFound();
  await countOrganization(ctx.surface, actor);
  return next({ ctx: { actor } });
});

/** Partner key (ykp_). */
export const partnerProcedure = machineSurface.use(async ({ ctx, next }) => {
  const actor = (await authenticateBearer(ctx.req.headers, ["partner_key"])) as TPartnerActor | null;
  if (!actor) throw partnerRefusal();
  return next({ ctx: { actor } });
});

/**
 * Partner tenant routes (`/organizations/{orgId}/...`, issue 40; build them with tenantRoute in
 * ./tenant-route.ts): a partner key or an app lease of that customer, plus `X-Service-Subject`
 * naming the provisioned owner or a vouched worker. The procedure then runs as that person (a
 * TUserActor, exactly as on /api/v1), so the v1 services decide with the person's current roles.
 * Runs before the input is parsed, like the other flavours: refusals never depend on the body.
 */
export const tenantProcedure = machineSurface.use(async ({ ctx, getRawInput, next }) => {
  // Only through /api/partner/v1, where the partner surface's limits count the customer.
  if (ctx.surface !== "partner-v1") throw notFound();
  const credential = (await authenticateBearer(ctx.req.headers, ["partner_key", "lease_token"])) as
    TPartnerActor | TLeaseActor | null;
  if (!credential) throw partnerRefusal();
  const raw = (await getRawInput()) as { orgId?: unknown } | undefined;
  const { actor, platformId } = await resolveTenantActor({
    credential,
    orgId: typeof raw?.orgId === "string" ? raw.orgId : "",
    subject: ctx.req.headers.get("x-service-subject"),
  });
  // Idempotency-Key claims of tenant calls are the platform's own: never a replay of the
  // person's /api/v1 calls nor another platform's (idempotent-call.ts).
  return next({ ctx: { actor, idempotencyScope: `partner:${platformId}` } });
});

/** Leased token (ykt_). */
export const leaseProcedure = machineSurface.use(async ({ ctx, next }) => {
  const actor = (await authenticateBearer(ctx.req.headers, ["lease_token"])) as TLeaseActor | null;
  if (!actor) throw partnerRefusal();
  return next({ ctx: { actor } });
});

/** No credential (health, public documents). */
export const openProcedure = withDatabase;

/**
 * The browser session cookie and nothing else (POST /api/v1/auth/token): a request that also
 * presents a bearer credential is refused, so a personal key can never mint tokens.
 */
export const cookieOnlyProcedure = consoleProcedure.use(async ({ ctx, next }) => {
  if (ctx.req.headers.get("authorization")) {
    throw new AppError(
      "UNAUTHORIZED",
      "This route accepts only the browser session cookie; remove the Authorization header.",
    );
  }
  await countAfterAuthentication("auth-token", { person: ctx.session.userId });
  return next();
});
