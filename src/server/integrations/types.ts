/** A JSON schema object, as tools declare their inputs. */
export type TJsonSchema = Record<string, unknown>;

export type TToolDefinition = {
  /** The full wire id, e.g. "service.http.get"; a procedure refers to it as "#service.http.get". */
  name: string;
  description: string;
  isReadonly: boolean;
  inputSchema: TJsonSchema;
};

/** A secret field an integration accepts besides a bearer token (section 2, callerCredentials). */
export type TCredentialField = { name: string; description: string; header?: string };

export type TIntegrationDefinition = {
  /** 1-64 characters; built-ins start with "service.". */
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  /** Which credential material the integration uses; `token` and `fields` may coexist. */
  credential: { token: boolean; fields: TCredentialField[]; prefers: "token" | "fields" | "none" };
  tools: TToolDefinition[];
  /** Adapter-native events an event trigger can subscribe to; absent means none. */
  events?: TIntegrationEvent[];
};

/**
 * An event an integration's adapter can deliver to an event trigger. A filter may test actor
 * data (`actor.<field>` for a declared actor field), `occurredAt`, or a declared payload path;
 * a path ending in `.*` declares every dotted path below it (generic payloads).
 */
export type TIntegrationEvent = {
  type: string;
  description: string;
  actorFields: string[];
  payloadPaths: string[];
};

/** How a binding to an integration obtains its credential (section 5, binding policy). */
export const IDENTITY_MODES = ["service", "caller_preferred", "caller_required"] as const;
export type TIdentityMode = (typeof IDENTITY_MODES)[number];
