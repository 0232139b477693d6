import { z } from "zod";

/** Section 2, "Integration and tool": public shapes only (never a stored row). */
export const ZIntegrationToolSummary = z
  .object({
    name: z.string().meta({ description: "Tool wire id.", example: "service.http.get" }),
    reference: z.string().meta({
      description: "Always `#` followed by the full tool wire id; write it in a procedure to use the tool.",
      example: "#service.http.get",
    }),
    description: z.string(),
    isReadonly: z
      .boolean()
      .meta({ description: "True when the tool only reads (it never changes data on the remote system)." }),
  })
  .meta({ id: "IntegrationToolSummary" });

export const ZIntegrationTool = ZIntegrationToolSummary.extend({
  inputSchema: z.record(z.string(), z.unknown()).meta({ description: "JSON schema of the tool's arguments." }),
}).meta({ id: "IntegrationTool" });

export const ZIntegrationSummary = z
  .object({
    id: z.string().meta({ description: "Integration id; built-ins start with `service.`.", example: "service.http" }),
    name: z.string(),
    description: z.string(),
    tools: z.array(ZIntegrationToolSummary),
  })
  .meta({ id: "IntegrationSummary" });

export const ZIntegrationDetail = z
  .object({
    id: z.string().meta({ description: "Integration id; built-ins start with `service.`.", example: "service.http" }),
    name: z.string(),
    description: z.string(),
    tools: z.array(ZIntegrationTool),
  })
  .meta({ id: "IntegrationDetail" });

export type TIntegrationToolSummary = z.infer<typeof ZIntegrationToolSummary>;
export type TIntegrationTool = z.infer<typeof ZIntegrationTool>;
export type TIntegrationSummary = z.infer<typeof ZIntegrationSummary>;
export type TIntegrationDetail = z.infer<typeof ZIntegrationDetail>;
