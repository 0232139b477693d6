import type { TActionClass } from "@/contracts/assistant/actions";
import type { TIntegrationDefinition, TJsonSchema, TToolDefinition } from "@/server/integrations/types";

/**
 * The end user's mail and calendar (spec 4.8 connections): built-in tools that act with the
 * assistant worker's own connection, never the organization's. Each tool with an effect carries
 * its action class, so the worker's policy decides it without any Setup entry.
 */

export type TWorkspaceProvider = "mail" | "calendar";

export type TWorkspaceTool = TToolDefinition & { provider: TWorkspaceProvider; actionClass: TActionClass | null };

const text = (description: string, extra: TJsonSchema = {}): TJsonSchema => ({ type: "string", description, ...extra });
const addresses: TJsonSchema = { type: "array", items: { type: "string", format: "email" }, minItems: 1, maxItems: 50 };
const when = (description: string): TJsonSchema => text(description, { format: "date-time" });

function tool(definition: Omit<TWorkspaceTool, "isReadonly">): TWorkspaceTool {
  return { ...definition, isReadonly: definition.actionClass === null };
}

export const WORKSPACE_TOOLS: readonly TWorkspaceTool[] = [
  tool({
    name: "service.mail.send",
    provider: "mail",
    actionClass: "email.send",
    description: "Send an email from the end user's mailbox.",
    inputSchema: {
      type: "object",
      properties: {
        to: { ...addresses, description: "Recipients." },
        cc: { ...addresses, description: "Copy recipients." },
        subject: text("Subject line.", { maxLength: 500 }),
        body: text("Plain-text body.", { maxLength: 100_000 }),
      },
      required: ["to", "subject", "body"],
      additionalProperties: false,
    },
  }),
  tool({
    name: "service.mail.tidy",
    provider: "mail",
    actionClass: "inbox.tidy",
    description: "Archive a message, label it, or mark it read.",
    inputSchema: {
      type: "object",
      properties: {
        message_id: text("The message's id (from service.mail.read)."),
        action: { type: "string", enum: ["archive", "label", "mark_read"] },
        label: text("The label, for `label`.", { maxLength: 200 }),
      },
      required: ["message_id", "action"],
      additionalProperties: false,
    },
  }),
  tool({
    name: "service.mail.read",
    provider: "mail",
    actionClass: null,
    description: "List the newest messages of the end user's inbox, optionally matching a search.",
    inputSchema: {
      type: "object",
      properties: {
        query: text("Search words.", { maxLength: 500 }),
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      },
      additionalProperties: false,
    },
  }),
  tool({
    name: "service.calendar.write",
    provider: "calendar",
    actionClass: "calendar.write",
    description: "Create an event in the end user's calendar, or change one (with event_id).",
    inputSchema: {
      type: "object",
      properties: {
        event_id: text("The event to change; omit to create one."),
        title: text("Title.", { maxLength: 500 }),
        start: when("Start (ISO 8601 with offset)."),
        end: when("End (ISO 8601 with offset)."),
        attendees: { ...addresses, description: "Invitees." },
        location: text("Where.", { maxLength: 500 }),
        description: text("Notes.", { maxLength: 10_000 }),
      },
      required: ["title", "start", "end"],
      additionalProperties: false,
    },
  }),
  tool({
    name: "service.calendar.accept",
    provider: "calendar",
    actionClass: "calendar.accept",
    description: "Answer an invitation in the end user's calendar: accept, decline or tentative.",
    inputSchema: {
      type: "object",
      properties: {
        event_id: text("The invitation's event id."),
        response: { type: "string", enum: ["accept", "decline", "tentative"] },
        comment: text("A note to the organizer.", { maxLength: 2_000 }),
      },
      required: ["event_id", "response"],
      additionalProperties: false,
    },
  }),
  tool({
    name: "service.calendar.read",
    provider: "calendar",
    actionClass: null,
    description: "List the end user's calendar events in a time range.",
    inputSchema: {
      type: "object",
      properties: {
        from: when("Range start (default now)."),
        to: when("Range end (default a week later)."),
        limit: { type: "integer", minimum: 1, maximum: 50, default: 20 },
      },
      additionalProperties: false,
    },
  }),
];

const workspaceIntegration = (
  provider: TWorkspaceProvider,
  name: string,
  description: string,
): TIntegrationDefinition => ({
  id: `service.${provider}`,
  name,
  description,
  builtIn: true,
  // The credential is the worker's own connection (POST .../connections/{provider}/start), resolved per call.
  credential: { token: false, fields: [], prefers: "none" },
  tools: WORKSPACE_TOOLS.filter((candidate) => candidate.provider === provider),
});

export const WORKSPACE_INTEGRATIONS: readonly TIntegrationDefinition[] = [
  workspaceIntegration(
    "mail",
    "Mail",
    "The assistant worker's end user's mailbox (Google or Microsoft): send, tidy and read mail with the user's own connection.",
  ),
  workspaceIntegration(
    "calendar",
    "Calendar",
    "The assistant worker's end user's calendar (Google or Microsoft): create and change events, answer invitations, read the calendar.",
  ),
];

/** The workspace tool of a wire id, if it is one. */
export function workspaceTool(name: string): TWorkspaceTool | undefined {
  return WORKSPACE_TOOLS.find((candidate) => candidate.name === name);
}
