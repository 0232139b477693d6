import { env } from "@/server/env";

/** The two connectable providers of spec 4.8: what a worker connects, not who runs the login. */
export const CONNECTION_PROVIDERS = ["mail", "calendar"] as const;
export type TConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const PRESET_IDS = ["google", "microsoft", "generic"] as const;
export type TPresetId = (typeof PRESET_IDS)[number];

/** A field of a customer's own app (PUT /oauth-apps `values`). Secret fields are write-only. */
export type TAppField = { key: string; label: string; secret: boolean; required: boolean };

/** The provider's endpoints, as openid-client's server metadata names them. */
export type TServerEndpoints = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
};

export type TPreset = {
  id: TPresetId;
  name: string;
  fields: TAppField[];
  endpoints(values: Record<string, string>): TServerEndpoints | null;
  /** The scopes a connection of this provider requests: what the mail or calendar tools need, nothing more. */
  scopes: Record<TConnectionProvider, string[]>;
  /** Parameters the authorization request adds (how the preset gets a refresh token). */
  authorizeParams: Record<string, string>;
  apiBaseUrl: Record<TConnectionProvider, string>;
};

const CLIENT_FIELDS: TAppField[] = [
  { key: "clientId", label: "Client ID", secret: false, required: true },
  { key: "clientSecret", label: "Client secret", secret: true, required: true },
];

const splitScopes = (value: string) => value.split(/[\s,]+/).filter(Boolean);

const google: TPreset = {
  id: "google",
  name: "Google (Gmail and Google Calendar)",
  fields: CLIENT_FIELDS,
  endpoints: () => ({
    issuer: "https://accounts.google.com",
    authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    token_endpoint: "https://oauth2.googleapis.com/token",
    revocation_endpoint: "https://oauth2.googleapis.com/revoke",
  }),
  scopes: {
    // email.send needs gmail.send; reading mail and inbox.tidy (labels, archive) need gmail.modify,
    // which includes reading. Never https://mail.google.com/ (it also allows permanent deletion).
    mail: ["https://www.googleapis.com/auth/gmail.send", "https://www.googleapis.com/auth/gmail.modify"],
    // calendar.write, calendar.accept and reading events: calendar.events (no calendar settings or sharing).
    calendar: ["https://www.googleapis.com/auth/calendar.events"],
  },
  // Google issues a refresh token only for offline access, and again only when consent is shown.
  authorizeParams: { access_type: "offline", prompt: "consent" },
  // The user's own mailbox and primary calendar: the workspace tools' paths are relative to these.
  apiBaseUrl: {
    mail: "https://gmail.googleapis.com/gmail/v1/users/me",
    calendar: "https://www.googleapis.com/calendar/v3/calendars/primary",
  },
};

const microsoft: TPreset = {
  id: "microsoft",
  name: "Microsoft (Outlook mail and calendar through Microsoft Graph)",
  fields: [
    ...CLIENT_FIELDS,
    {
      key: "tenant",
      label: "Tenant (common, organizations, consumers or a tenant id; default common)",
      secret: false,
      required: false,
    },
  ],
  endpoints: (values) => {
    const tenant = values.tenant || env.OAUTH_MICROSOFT_TENANT;
    const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}`;
    // Microsoft offers no OAuth token revocation endpoint: a delete only forgets the tokens.
    return {
      issuer: `${base}/v2.0`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      token_endpoint: `${base}/oauth2/v2.0/token`,
    };
  },
  scopes: {
    // offline_access is how Microsoft issues refresh tokens; Mail.Send for email.send, Mail.ReadWrite
    // for reading mail and inbox.tidy (move, categorize).
    mail: ["offline_access", "Mail.Send", "Mail.ReadWrite"],
    // calendar.write and calendar.accept (accept/decline are event actions) and reading events.
    calendar: ["offline_access", "Calendars.ReadWrite"],
  },
  authorizeParams: {},
  apiBaseUrl: { mail: "https://graph.microsoft.com/v1.0/me", calendar: "https://graph.microsoft.com/v1.0/me" },
};

/** The generic preset: every endpoint and scope from the service's configuration (OAUTH_GENERIC_*). */
const generic: TPreset = {
  id: "generic",
  name: "Generic OAuth 2 provider (configured by the service operator)",
  fields: CLIENT_FIELDS,
  endpoints: () => {
    if (!env.OAUTH_GENERIC_AUTHORIZATION_URL || !env.OAUTH_GENERIC_TOKEN_URL) return null;
    return {
      issuer: env.OAUTH_GENERIC_ISSUER ?? new URL(env.OAUTH_GENERIC_AUTHORIZATION_URL).origin,
      authorization_endpoint: env.OAUTH_GENERIC_AUTHORIZATION_URL,
      token_endpoint: env.OAUTH_GENERIC_TOKEN_URL,
      ...(env.OAUTH_GENERIC_REVOCATION_URL ? { revocation_endpoint: env.OAUTH_GENERIC_REVOCATION_URL } : {}),
    };
  },
  get scopes() {
    return {
      mail: splitScopes(env.OAUTH_GENERIC_SCOPES_MAIL),
      calendar: splitScopes(env.OAUTH_GENERIC_SCOPES_CALENDAR),
    };
  },
  authorizeParams: {},
  get apiBaseUrl() {
    const base = env.OAUTH_GENERIC_API_BASE_URL ?? "";
    return { mail: base, calendar: base };
  },
};

const PRESETS: Record<TPresetId, TPreset> = { google, microsoft, generic };

export function presetOf(id: TPresetId): TPreset {
  return PRESETS[id];
}

export const isPresetId = (value: string): value is TPresetId => (PRESET_IDS as readonly string[]).includes(value);

/** The presets a customer may pick for its own app: generic only where the operator configured its endpoints. */
export function byokPresets(): TPreset[] {
  return PRESET_IDS.map(presetOf).filter((preset) => preset.id !== "generic" || preset.endpoints({}) !== null);
}
