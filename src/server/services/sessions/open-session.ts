import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { atomically, db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { startSession } from "./start-sessions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TOpenSessionOptions = {
  automationId: string;
  message: string;
  callerCredentials?: TCallerCredentials;
  kind?: "domain" | "personal";
  origin: "api" | "console" | "mcp" | "trigger";
  title?: string;
  /** The console's Run: a never-published agent is 409 CONFLICT (its member sees it), not the uniform 404. */
  unpublishedIsConflict?: boolean;
  /**
   * A test run: pins the revision this returns (a snapshot of the draft taken inside the
   * session's transaction) instead of the published one, so the agent need not be published.
   */
  pinRevision?: (tx: TTransaction) => Promise<number>;
  /** An Idempotency-Key's recorder (answerIdempotently): called with the answer inside the start's transaction. */
  record?: TRecordAnswer<TOpenedSession>;
};

export type TOpenedSession = { sessionId: string; executionId: string; revision: number };

type TRunnableRow = {
  id: string;
  domainId: string;
  organizationId: string;
  publishedRevision: number | null;
  role: DomainRole | null;
};

const ORIGIN = { api: "API", console: "CONSOLE", mcp: "MCP", trigger: "TRIGGER" } as const;

/**
 * The agent to run: unknown ids, flows, other organizations' agents, unpublished agents and
 * agents of a domain the actor is no member of are the uniform 404; a member whose role
 * cannot run agents (Viewer) gets 403 FORBIDDEN.
 */
async function runnableAgent(
  actor: TUserActor,
  automationId: string,
  o: Pick<TOpenSessionOptions, "unpublishedIsConflict" | "pinRevision">,
) {
  if (!UUID.test(automationId)) throw notFound("agent");
  // With the actor's role in its domain (actorDomainSelect's rule), in one statement on the
  // driver (queryRows): every open reads it.
  const [agent] = await queryRows<TRunnableRow>(
    db(),
    Prisma.sql`SELECT a.id, a."domainId", a."organizationId", a."publishedRevision", m.role::text AS role
      FROM automations a JOIN domains d ON d.id = a."domainId" AND d."organizationId" = a."organizationId"
      LEFT JOIN domain_memberships m ON m."domainId" = a."domainId" AND m."userId" = ${actor.userId}::uuid
      WHERE a.id = ${automationId}::uuid AND a."organizationId" = ${actor.orgId}::uuid AND a.kind = 'AGENT'`,
  );
  const mayBeUnpublished = o.unpublishedIsConflict || o.pinRevision !== undefined;
  if (!agent || (agent.publishedRevision === null && !mayBeUnpublished)) throw notFound("agent");
  const { role } = agent;
  if (role === null) throw notFound("agent");
  if (!roleAllows(role, "execute"))
    throw new AppError("FORBIDDEN", "Your role in this agent's domain does not allow running agents.", {
      details: { permission: "execute" },
    });
  if (agent.publishedRevision === null && !o.pinRevision)
    throw new AppError(
      "CONFLICT",
      "This agent has never been published: publish it before running it, or use Test run to try the draft.",
    );
  return {
    id: agent.id,
    domainId: agent.domainId,
    organizationId: agent.organizationId,
    revision: agent.publishedRevision,
  };
}

/**
 * Opens a session on a published agent and queues its first turn (spec 4.2). The session is
 * pinned to the revision published now; session, first message, turn, caller grant and job
 * are written together or not at all. Without a draft snapshot the start is one statement
 * (insertSessions), atomic by itself, so no transaction is opened: its BEGIN and COMMIT would
 * be two of the open's few round trips.
 */
export async function openSession(actor: TUserActor, o: TOpenSessionOptions): Promise<TOpenedSession> {
  const agent = await runnableAgent(actor, o.automationId, o);
  return atomically(o.pinRevision === undefined && o.record === undefined, async (tx) => {
    const revision = o.pinRevision ? await o.pinRevision(tx) : agent.revision!;
    const { sessionId, executionId } = await startSession(tx, {
      organizationId: agent.organizationId,
      domainId: agent.domainId,
      automationId: agent.id,
      revision,
      kind: o.kind === "personal" ? "PERSONAL" : "DOMAIN",
      origin: ORIGIN[o.origin],
      // A yk_ key is named in run history; a yku_ token or the cookie is the person themselves.
      originApiKeyId: actor.via === "api_key" ? actor.credentialId : null,
      ownerId: actor.userId,
      message: o.message,
      title: o.title,
      callerCredentials: o.callerCredentials,
    });
    const opened = { sessionId, executionId, revision };
    await o.record?.(tx, opened);
    return opened;
  });
}
