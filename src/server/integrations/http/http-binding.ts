import type { TToolDefinition } from "@/server/integrations/types";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type THttpMethod = (typeof HTTP_METHODS)[number];

/** One input of a custom tool that the executor places into the request path or query. */
export type THttpParam = { arg: string; name: string; in: "path" | "query" };

/**
 * How a custom integration's tool becomes an HTTP request. Stored in the tool's JSON next to
 * the public fields (it never leaves the server: the API contracts list only public fields).
 */
export type THttpBinding = {
  method: THttpMethod;
  baseUrl: string;
  /** The OpenAPI path template, e.g. "/contacts/{id}". */
  path: string;
  params: THttpParam[];
  /** The input property holding the JSON body, when the operation takes one. */
  bodyArg: string | null;
};

export type THttpTool = TToolDefinition & { http?: THttpBinding };

/** The credential material handed to a tool call: a bearer token and/or named secret fields. */
export type TToolCredential = { token?: string; fields?: Record<string, string> } | null;
