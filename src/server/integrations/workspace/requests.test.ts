import { describe, expect, it } from "vitest";
import { WORKSPACE_REQUESTS, type TWorkspacePreset, type TWorkspaceRequest } from "./requests";

// The provider API calls each mail and calendar tool makes (Google and Microsoft are shaped
// after their public APIs; the generic preset is exercised end to end by the connection tests).

async function requestsOf(preset: TWorkspacePreset, tool: string, args: Record<string, unknown>, answer: unknown = {}) {
  const sent: TWorkspaceRequest[] = [];
  await WORKSPACE_REQUESTS[preset][tool]!(
    args,
    async (request) => (sent.push(request), { status: 200, body: answer }),
    { email: "me@example.com" },
  );
  return sent;
}

describe("workspace tool requests", () => {
  it("Gmail: sends an RFC 5322 message base64url-encoded", async () => {
    const [request] = await requestsOf("google", "service.mail.send", {
      to: ["ann@example.com"],
      subject: "Hi",
      body: "Hello",
    });
    expect(request).toMatchObject({ method: "POST", path: "/messages/send" });
    const raw = Buffer.from((request!.body as { raw: string }).raw, "base64url").toString("utf8");
    expect(raw).toBe("To: ann@example.com\r\nSubject: Hi\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nHello");
  });

  it("Google Calendar: answers an invitation by patching only the user's own attendee entry", async () => {
    const event = {
      attendees: [
        { email: "boss@example.com", responseStatus: "accepted" },
        { email: "ME@example.com", responseStatus: "needsAction" },
      ],
    };
    const [read, patch] = await requestsOf(
      "google",
      "service.calendar.accept",
      { event_id: "ev/1", response: "tentative" },
      event,
    );
    expect(read).toEqual({ method: "GET", path: "/events/ev%2F1" });
    expect(patch).toEqual({
      method: "PATCH",
      path: "/events/ev%2F1",
      query: { sendUpdates: "all" },
      body: {
        attendees: [
          { email: "boss@example.com", responseStatus: "accepted" },
          { email: "ME@example.com", responseStatus: "tentative", comment: undefined },
        ],
      },
    });
  });

  it("Microsoft Graph: archives by moving, and answers with the accept/decline/tentativelyAccept calls", async () => {
    expect(await requestsOf("microsoft", "service.mail.tidy", { message_id: "m1", action: "archive" })).toEqual([
      { method: "POST", path: "/messages/m1/move", body: { destinationId: "archive" } },
    ]);
    expect(
      (await requestsOf("microsoft", "service.calendar.accept", { event_id: "e1", response: "tentative" }))[0],
    ).toMatchObject({ method: "POST", path: "/events/e1/tentativelyAccept" });
    const [send] = await requestsOf("microsoft", "service.mail.send", {
      to: ["a@example.com"],
      subject: "S",
      body: "B",
    });
    expect(send!.body).toMatchObject({
      message: { subject: "S", toRecipients: [{ emailAddress: { address: "a@example.com" } }] },
      saveToSentItems: true,
    });
  });

  it("generic: a small JSON API, creating or (with event_id) changing events", async () => {
    expect(await requestsOf("generic", "service.calendar.write", { title: "T", start: "s", end: "e" })).toEqual([
      { method: "POST", path: "/calendar/events", body: { title: "T", start: "s", end: "e" } },
    ]);
    expect(
      (await requestsOf("generic", "service.calendar.write", { event_id: "x", title: "T", start: "s", end: "e" }))[0],
    ).toMatchObject({ method: "PATCH", path: "/calendar/events/x" });
  });
});
