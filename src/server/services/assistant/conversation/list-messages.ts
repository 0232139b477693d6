import { isUuid } from "@/contracts/common/ids";
import type { TAssistantMessage } from "@/contracts/assistant/worker";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";

type TRow = { id: string; role: "USER" | "ASSISTANT" | "SYSTEM"; body: string; createdAt: Date | string };

const ROLE = { USER: "user", ASSISTANT: "assistant", SYSTEM: "system" } as const;

function invalidCursor(): AppError {
  return new AppError("VALIDATION", "before must be a message id of this worker's conversation (a next_cursor).", {
    details: { field: "before" },
  });
}

/** The cursor message's place in the conversation, or 400 when it is none of its messages. */
async function cursorOf(sessionId: string | null, before: string | undefined) {
  if (before === undefined) return null;
  if (!sessionId || !isUuid(before)) throw invalidCursor();
  const message = await db().sessionMessage.findFirst({
    where: { id: before, sessionId },
    select: { id: true, createdAt: true },
  });
  if (!message) throw invalidCursor();
  return message;
}

/**
 * GET /workers/{w}/messages: the conversation newest page first (or the page before `before`),
 * oldest first within it. Shown: user messages, assistant replies and the service's notices;
 * a SYSTEM message that opens its turn is that turn's instruction (POST /turns) and never shown.
 */
export async function listWorkerMessages(
  o: TWorkerTarget & { before?: string; limit: number },
): Promise<{ items: TAssistantMessage[]; next_cursor: string | null }> {
  const worker = await readWorker(o);
  const cursor = await cursorOf(worker.sessionId, o.before);
  if (!worker.sessionId) return { items: [], next_cursor: null };
  const beforeCursor = cursor
    ? Prisma.sql`AND (m."createdAt", m."id") < (${cursor.createdAt}, ${cursor.id}::uuid)`
    : Prisma.empty;
  const rows = await db().$queryRaw<TRow[]>`
    SELECT m."id"::text AS "id", m."role"::text AS "role", m."body", m."createdAt"
    FROM "session_messages" m
    WHERE m."sessionId" = ${worker.sessionId}::uuid
      AND (m."role" <> 'SYSTEM' OR EXISTS (
        SELECT 1 FROM "session_messages" o WHERE o."turnId" = m."turnId" AND (o."createdAt", o."id") < (m."createdAt", m."id")))
      ${beforeCursor}
    ORDER BY m."createdAt" DESC, m."id" DESC
    LIMIT ${o.limit + 1}`;
  const page = rows.slice(0, o.limit).reverse();
  const items = page.map((row) => ({
    id: row.id,
    role: ROLE[row.role],
    body: row.body,
    created_at: new Date(row.createdAt).toISOString(),
  }));
  return { items, next_cursor: rows.length > o.limit ? items[0]!.id : null };
}
