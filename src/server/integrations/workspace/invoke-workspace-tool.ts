import { AppError } from "@/server/errors";
import { sendToolRequest } from "@/server/integrations/http/invoke-http-tool";
import { validateArgs } from "@/server/integrations/http/tool-request";
import { workspaceTool, type TWorkspaceProvider } from "./definitions";
import { WORKSPACE_REQUESTS, type TWorkspacePreset, type TWorkspaceRequest } from "./requests";

/** The worker's connection for one provider: a current access token (refreshed when `forceRefresh`). */
export type TWorkspaceAccess = { accessToken: string; preset: TWorkspacePreset; apiBaseUrl: string };
export type TWorkspaceConnection = (provider: TWorkspaceProvider, forceRefresh: boolean) => Promise<TWorkspaceAccess>;

export type TInvokeWorkspaceToolOptions = {
  toolName: string;
  args: unknown;
  /** Supplied by the engine: the running assistant worker's own connection (never the organization's). */
  connection: TWorkspaceConnection;
  /** The worker's email: how its own attendee entry is found in a calendar event. */
  selfEmail: string;
  allowedHosts?: readonly string[];
};

function toolRequest(access: TWorkspaceAccess, request: TWorkspaceRequest) {
  const url = new URL(`${access.apiBaseUrl.replace(/\/+$/, "")}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { authorization: `Bearer ${access.accessToken}`, accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  return {
    method: request.method,
    url,
    headers,
    body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
    sensitiveHeaders: new Set(["authorization"]),
  };
}

/**
 * Runs a mail or calendar tool with the worker's connection: the preset's API calls through the
 * outbound guard, the access token refreshed before expiry by the connection and once more when
 * the provider answers 401. Provider statuses are results (an action with one of 4xx/5xx fails).
 */
export async function invokeWorkspaceTool(
  options: TInvokeWorkspaceToolOptions,
): Promise<{ status: number; body: unknown }> {
  const tool = workspaceTool(options.toolName);
  if (!tool)
    throw new AppError("VALIDATION", `There is no mail or calendar tool ${options.toolName}.`, {
      details: { reason: "unknown_tool", tool: options.toolName },
    });
  const args = validateArgs(tool.name, tool.inputSchema, options.args ?? {});
  let access = await options.connection(tool.provider, false);
  const send = async (request: TWorkspaceRequest) => {
    for (let attempt = 0; ; attempt++) {
      const response = await sendToolRequest(toolRequest(access, request), {
        toolName: tool.name,
        allowedHosts: options.allowedHosts,
      });
      if (response.status !== 401 || attempt > 0) return { status: response.status, body: response.body };
      // The provider no longer takes the token (revoked early, clock skew): refresh once and retry.
      access = await options.connection(tool.provider, true);
    }
  };
  return WORKSPACE_REQUESTS[access.preset][tool.name]!(args, send, { email: options.selfEmail });
}
