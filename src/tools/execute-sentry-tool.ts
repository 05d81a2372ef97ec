import { z } from "zod";
import { defineTool, passthrough } from "./define.js";

export default defineTool({
  name: "execute_sentry_tool",
  title: "Execute Sentry Tool",
  description: "Run a tool found with search_sentry_tools: its name plus its arguments object.",
  inputSchema: {
    name: z.string().trim().min(1).max(128),
    arguments: z.record(z.string(), z.unknown()).default({}),
  },
  // Listed with read-only hints when the session has no write tools (see build-server).
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  skills: [],
  requiredScopes: [],
  meta: true,
  // Our releases before 0.39-compatibility called it toolName.
  aliases: { toolName: "name" },
  async handler(params, ctx) {
    if (params.name === "execute_sentry_tool") {
      return passthrough({
        content: [{ type: "text", text: "Input error: execute_sentry_tool cannot run itself." }],
        isError: true,
      });
    }
    return passthrough(await ctx.catalog.call(params.name, params.arguments, ctx));
  },
});
