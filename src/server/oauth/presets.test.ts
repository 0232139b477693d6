import { describe, expect, it } from "vitest";
import { presetOf } from "./presets";

// What each provider preset asks for (docs/assistant/connections.md, "Presets and their scopes").

describe("OAuth presets", () => {
  it("Google: Gmail send/modify and calendar events, offline access with consent so a refresh token is issued", () => {
    const google = presetOf("google");
    expect(google.scopes.mail).toEqual([
      "https://www.googleapis.com/auth/gmail.send",
      "https://www.googleapis.com/auth/gmail.modify",
    ]);
    expect(google.scopes.calendar).toEqual(["https://www.googleapis.com/auth/calendar.events"]);
    expect(google.authorizeParams).toEqual({ access_type: "offline", prompt: "consent" });
    expect(google.endpoints({})).toMatchObject({ revocation_endpoint: "https://oauth2.googleapis.com/revoke" });
  });

  it("Microsoft: Graph mail and calendar scopes with offline_access, and no revocation endpoint", () => {
    const microsoft = presetOf("microsoft");
    for (const provider of ["mail", "calendar"] as const)
      expect(microsoft.scopes[provider]).toContain("offline_access");
    expect(microsoft.scopes.mail).toEqual(expect.arrayContaining(["Mail.Send", "Mail.ReadWrite"]));
    expect(microsoft.scopes.calendar).toContain("Calendars.ReadWrite");
    expect(microsoft.endpoints({})?.revocation_endpoint).toBeUndefined();
    expect(microsoft.endpoints({ tenant: "contoso" })?.token_endpoint).toBe(
      "https://login.microsoftonline.com/contoso/oauth2/v2.0/token",
    );
  });
});
