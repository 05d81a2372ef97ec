import { z } from "zod";
import { paramSignature, rankTools, summary } from "../catalog/search.js";
import { publicShape } from "../catalog/session.js";
import { defineTool, structuredResult } from "./define.js";

/** How many of the top hits carry their parameters (enough to call them directly). */
const WITH_PARAMS = 3;

const output = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      summary: z.string(),
      access: z.enum(["read", "write", "delete"]),
      direct: z.boolean(),
      params: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

export default defineTool({
  name: "search_sentry_tools",
  title: "Search Sentry Tools",
  description:
    "Find more Sentry tools by plain words (stack trace, resolve issue, trace, logs, release, alerts, create DSN); run one with execute_sentry_tool.",
  inputSchema: {
    query: z.string().trim().min(1).max(200).describe("What you want to do"),
    limit: z.number().int().min(1).max(20).default(8),
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  skills: [],
  requiredScopes: [],
  async handler(params, ctx) {
    const candidates = ctx.catalog
      .tools()
      .filter((t) => t.name !== "search_sentry_tools" && t.name !== "execute_sentry_tool");
    const ranked = rankTools(candidates, params.query).slice(0, params.limit);
    return structuredResult({
      query: params.query,
      results: ranked.map(({ tool }, index) => ({
        name: tool.name,
        title: tool.title,
        summary: summary(tool.description),
        access: tool.annotations.readOnlyHint
          ? "read"
          : tool.annotations.destructiveHint
            ? "delete"
            : "write",
        direct: ctx.isDirect(tool.name),
        ...(index < WITH_PARAMS
          ? { params: paramSignature(publicShape(tool, ctx.constraints)) }
          : {}),
      })),
    });
  },
});
