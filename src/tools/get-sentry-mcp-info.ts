import { z } from "zod";
import { SERVER_NAME, VERSION } from "../config.js";
import { defineTool, structuredResult } from "./define.js";
import { SKILLS } from "./types.js";

const output = z.object({
  name: z.string(),
  version: z.string(),
  capabilities: z.object({
    readOnly: z.boolean().describe("true when no tool of this session can change Sentry"),
    tools: z.number().describe("Tools this session may call (direct and catalog)"),
    writeTools: z.array(z.string()),
    organizationPin: z.string().nullable(),
    projectPin: z.string().nullable(),
    experimental: z.boolean(),
  }),
});

export default defineTool({
  name: "get_sentry_mcp_info",
  title: "Get Sentry MCP Info",
  description:
    "This MCP server's name, version and what this session may do (read-only, write tools, pins). For skills and scripts that check compatibility.",
  inputSchema: {},
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  skills: [...SKILLS],
  requiredScopes: [],
  async handler(_params, ctx) {
    const tools = ctx.catalog.tools();
    const writeTools = tools
      .filter((t) => !t.annotations.readOnlyHint && !t.meta)
      .map((t) => t.name)
      .sort();
    return structuredResult({
      name: SERVER_NAME,
      version: VERSION,
      capabilities: {
        readOnly: writeTools.length === 0,
        tools: tools.length,
        writeTools,
        organizationPin: ctx.constraints.organizationSlug ?? null,
        projectPin: ctx.constraints.projectSlug ?? null,
        experimental: ctx.experimental,
      },
    });
  },
});
