// A turn's tables (turns, tool_calls, session_events) have one writer: src/server/execution
// (docs/execution.md). These no-restricted-syntax selectors refuse, anywhere else, a Prisma write
// to their models and SQL text that inserts into or updates them. Reads stay free.

const WRITES = "create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany";
const MESSAGE =
  "A turn's tables (turns, tool_calls, session_events) are written only by src/server/execution (docs/execution.md): call it, or add the write there.";
// The SQL a writer would hold: in a template (Prisma.sql, $executeRaw) or a plain string.
const SQL = "/(INSERT\\s+INTO\\s+(turns|tool_calls|session_events)|UPDATE\\s+(turns|tool_calls))\\b/i";

export const TURN_TABLE_WRITES = [
  {
    selector: `MemberExpression[object.property.name=/^(turn|toolCall|sessionEvent)$/][property.name=/^(${WRITES})$/]`,
    message: MESSAGE,
  },
  { selector: `TemplateElement[value.raw=${SQL}]`, message: MESSAGE },
  { selector: `Literal[value=${SQL}]`, message: MESSAGE },
];

/** The owner of the tables: the only source files the selectors above do not apply to. */
export const TURN_TABLE_OWNER = "src/server/execution/**/*.{ts,tsx}";

/**
 * Writers not moved yet, each with the reason it stays (docs/execution.md, "What stays outside").
 * The list only shrinks: a new writer belongs in execution.
 */
export const TURN_TABLE_WRITERS_OUTSIDE = [];
