import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { TUserActor } from "@/server/auth/actor";
import { callAgentTool } from "./call-agent-tool";
import { listAgentTools } from "@/server/services/mcp/list-agent-tools";
import { ZAgentToolOutput } from "./tool-result";

/** Every agent tool takes the run routes' message (spec section 8) and an optional session. */
export const ZAgentToolInput = z.object({
  message: z.string().trim().min(1).max(8000).describe("What to ask or tell the agent (1-8,000 characters)."),
  sessionId: z
    .uuid()
    .optional()
    .describe("Continue this earlier conversation with the agent (the sessionId of an earlier answer)."),
});

export const MCP_SERVER_INFO = { name: "agent-automation-service", version: "1.0.0" };

const INSTRUCTIONS =
  "Each tool is a published agent of your organization. Call it with a message; the answer " +
  "carries a sessionId, and passing it back continues the same conversation. Some agents pause " +
  "for a person's approval before acting; the answer then says where to decide.";

/**
 * A server for one request of one key owner (stateless: a new one per HTTP request). The tool
 * list is read at construction, so tools/list and tools/call see the same agents and names.
 * `requestSignal` is the HTTP request's: the transport does not abort a handler when the
 * client hangs up, so the wait watches the request itself.
 */
export async function createMcpServer(
  actor: TUserActor,
  options: { requestSignal?: AbortSignal } = {},
): Promise<McpServer> {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  const tools = await listAgentTools(actor);
  for (const tool of tools) {
    const registered = server.registerTool(
      tool.toolName,
      {
        title: tool.agentName,
        description: tool.description,
        inputSchema: ZAgentToolInput.shape,
        outputSchema: ZAgentToolOutput.shape,
        annotations: { title: tool.agentName, readOnlyHint: false, openWorldHint: true },
      },
      (input, extra) => callAgentTool(actor, tool, input, extra, options.requestSignal),
    );
    // Not enabled by the follower's partner: hidden from tools/list; a call by its name is
    // answered with the SDK's tool error "Tool <name> disabled" (isError), never run.
    if (!tool.enabled) registered.disable();
  }
  // With no agents, tools/list must still answer (an empty list), not "method not found".
  if (!tools.length) registerEmptyToolList(server);
  return server;
}

function registerEmptyToolList(server: McpServer): void {
  const probe = server.registerTool("__none__", { description: "" }, () => ({ content: [] }));
  probe.remove();
}
