import { handleMcpRequest } from "@/server/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// One handler for every method: POST speaks MCP, the others get the stateless 405.
export {
  handleMcpRequest as POST,
  handleMcpRequest as GET,
  handleMcpRequest as DELETE,
  handleMcpRequest as PUT,
  handleMcpRequest as PATCH,
};
