import type { THttpMethod } from "@/server/integrations/http/http-binding";

/**
 * How each workspace tool maps onto a provider's API. `google`: Gmail and Google Calendar;
 * `microsoft`: Microsoft Graph; `generic`: a small JSON API at a configured base URL (a
 * self-hosted mail and calendar service, and the test stand-in). Paths are relative to the
 * connection's API base (e.g. `https://gmail.googleapis.com/gmail/v1/users/me`).
 */
export type TWorkspacePreset = "google" | "microsoft" | "generic";

export type TWorkspaceRequest = { method: THttpMethod; path: string; query?: Record<string, string>; body?: unknown };

/** Sends one request to the connection's API and returns its status and parsed body. */
export type TWorkspaceSend = (request: TWorkspaceRequest) => Promise<{ status: number; body: unknown }>;

type TArgs = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const id = (value: unknown) => encodeURIComponent(str(value));

/** An RFC 5322 message, base64url, as Gmail's send takes it. */
function rfc822(args: TArgs): string {
  const headers = [
    `To: ${list(args.to).join(", ")}`,
    ...(list(args.cc).length ? [`Cc: ${list(args.cc).join(", ")}`] : []),
    `Subject: ${str(args.subject)}`,
    "Content-Type: text/plain; charset=UTF-8",
  ];
  return Buffer.from(`${headers.join("\r\n")}\r\n\r\n${str(args.body)}`, "utf8").toString("base64url");
}

const graphRecipients = (addresses: string[]) => addresses.map((address) => ({ emailAddress: { address } }));
const TIDY_GOOGLE = { archive: { removeLabelIds: ["INBOX"] }, mark_read: { removeLabelIds: ["UNREAD"] } } as const;
const GRAPH_ANSWER = { accept: "accept", decline: "decline", tentative: "tentativelyAccept" } as const;
const GOOGLE_ANSWER = { accept: "accepted", decline: "declined", tentative: "tentative" } as const;

type TBuilder = (
  args: TArgs,
  send: TWorkspaceSend,
  self: { email: string },
) => Promise<{ status: number; body: unknown }>;

const google: Record<string, TBuilder> = {
  "service.mail.send": (args, send) => send({ method: "POST", path: "/messages/send", body: { raw: rfc822(args) } }),
  "service.mail.tidy": (args, send) =>
    send({
      method: "POST",
      path: `/messages/${id(args.message_id)}/modify`,
      body:
        args.action === "label"
          ? { addLabelIds: [str(args.label)] }
          : TIDY_GOOGLE[args.action as "archive" | "mark_read"],
    }),
  "service.mail.read": (args, send) =>
    send({
      method: "GET",
      path: "/messages",
      query: { maxResults: String(args.limit ?? 10), ...(args.query ? { q: str(args.query) } : {}) },
    }),
  "service.calendar.write": (args, send) => {
    const body = {
      summary: args.title,
      start: { dateTime: args.start },
      end: { dateTime: args.end },
      location: args.location,
      description: args.description,
      attendees: list(args.attendees).map((email) => ({ email })),
    };
    return args.event_id
      ? send({ method: "PATCH", path: `/events/${id(args.event_id)}`, body })
      : send({ method: "POST", path: "/events", query: { sendUpdates: "all" }, body });
  },
  // Google has no "respond" call: the user's own attendee entry is patched, keeping the others.
  "service.calendar.accept": async (args, send, self) => {
    const event = await send({ method: "GET", path: `/events/${id(args.event_id)}` });
    if (event.status >= 400) return event;
    const attendees = ((event.body as { attendees?: Array<{ email?: string; self?: boolean }> }).attendees ?? []).map(
      (attendee) =>
        attendee.self || attendee.email?.toLowerCase() === self.email.toLowerCase()
          ? {
              ...attendee,
              responseStatus: GOOGLE_ANSWER[args.response as keyof typeof GOOGLE_ANSWER],
              comment: args.comment,
            }
          : attendee,
    );
    return send({
      method: "PATCH",
      path: `/events/${id(args.event_id)}`,
      query: { sendUpdates: "all" },
      body: { attendees },
    });
  },
  "service.calendar.read": (args, send) =>
    send({
      method: "GET",
      path: "/events",
      query: {
        singleEvents: "true",
        orderBy: "startTime",
        maxResults: String(args.limit ?? 20),
        timeMin: str(args.from) || new Date().toISOString(),
        ...(args.to ? { timeMax: str(args.to) } : {}),
      },
    }),
};

const microsoft: Record<string, TBuilder> = {
  "service.mail.send": (args, send) =>
    send({
      method: "POST",
      path: "/sendMail",
      body: {
        message: {
          subject: args.subject,
          body: { contentType: "Text", content: args.body },
          toRecipients: graphRecipients(list(args.to)),
          ccRecipients: graphRecipients(list(args.cc)),
        },
        saveToSentItems: true,
      },
    }),
  "service.mail.tidy": (args, send) =>
    args.action === "archive"
      ? send({ method: "POST", path: `/messages/${id(args.message_id)}/move`, body: { destinationId: "archive" } })
      : send({
          method: "PATCH",
          path: `/messages/${id(args.message_id)}`,
          body: args.action === "label" ? { categories: [str(args.label)] } : { isRead: true },
        }),
  "service.mail.read": (args, send) =>
    send({
      method: "GET",
      path: "/messages",
      query: { $top: String(args.limit ?? 10), ...(args.query ? { $search: `"${str(args.query)}"` } : {}) },
    }),
  "service.calendar.write": (args, send) => {
    const body = {
      subject: args.title,
      start: { dateTime: args.start, timeZone: "UTC" },
      end: { dateTime: args.end, timeZone: "UTC" },
      location: args.location ? { displayName: args.location } : undefined,
      body: args.description ? { contentType: "Text", content: args.description } : undefined,
      attendees: list(args.attendees).map((address) => ({ emailAddress: { address }, type: "required" })),
    };
    return args.event_id
      ? send({ method: "PATCH", path: `/events/${id(args.event_id)}`, body })
      : send({ method: "POST", path: "/events", body });
  },
  "service.calendar.accept": (args, send) =>
    send({
      method: "POST",
      path: `/events/${id(args.event_id)}/${GRAPH_ANSWER[args.response as keyof typeof GRAPH_ANSWER]}`,
      body: { comment: args.comment ?? "", sendResponse: true },
    }),
  "service.calendar.read": (args, send) => {
    const from = str(args.from) || new Date().toISOString();
    const to = str(args.to) || new Date(Date.parse(from) + 7 * 86_400_000).toISOString();
    return send({
      method: "GET",
      path: "/calendarView",
      query: { startDateTime: from, endDateTime: to, $top: String(args.limit ?? 20) },
    });
  },
};

const generic: Record<string, TBuilder> = {
  "service.mail.send": (args, send) =>
    send({
      method: "POST",
      path: "/mail/send",
      body: { to: list(args.to), cc: list(args.cc), subject: args.subject, body: args.body },
    }),
  "service.mail.tidy": (args, send) =>
    send({
      method: "POST",
      path: `/mail/messages/${id(args.message_id)}/tidy`,
      body: { action: args.action, label: args.label },
    }),
  "service.mail.read": (args, send) =>
    send({
      method: "GET",
      path: "/mail/messages",
      query: { limit: String(args.limit ?? 10), ...(args.query ? { q: str(args.query) } : {}) },
    }),
  "service.calendar.write": (args, send) => {
    const { event_id: eventId, ...event } = args;
    return eventId
      ? send({ method: "PATCH", path: `/calendar/events/${id(eventId)}`, body: event })
      : send({ method: "POST", path: "/calendar/events", body: event });
  },
  "service.calendar.accept": (args, send) =>
    send({
      method: "POST",
      path: `/calendar/events/${id(args.event_id)}/respond`,
      body: { response: args.response, comment: args.comment },
    }),
  "service.calendar.read": (args, send) =>
    send({
      method: "GET",
      path: "/calendar/events",
      query: {
        limit: String(args.limit ?? 20),
        ...(args.from ? { from: str(args.from) } : {}),
        ...(args.to ? { to: str(args.to) } : {}),
      },
    }),
};

export const WORKSPACE_REQUESTS: Record<TWorkspacePreset, Record<string, TBuilder>> = { google, microsoft, generic };
