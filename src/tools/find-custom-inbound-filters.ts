import { z } from "zod";
import { inlineCode, text } from "../format/markdown.js";
import { listInboundFilters } from "../sentry-api/inbound-filters.js";
import { defineTool } from "./define.js";
import { readFilters } from "./support/inbound-filters.js";
import { organizationSlug, projectSlug } from "./support/params.js";
import { cursorArg } from "./support/tool-hint.js";

const PAGE = 25;

export default defineTool({
  name: "find_custom_inbound_filters",
  title: "Find Custom Inbound Filters",
  description:
    "List a project's custom inbound filters: the rules that drop (ignore) matching errors, logs, metrics or spans at ingest, by error type or message, log message, metric name, release or IP. Built-in filters (browser extensions, crawlers...) are not included.",
  inputSchema: {
    organizationSlug,
    projectSlug,
    cursor: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullable()
      .default(null)
      .describe("Cursor from a previous page"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "project-management"],
  requiredScopes: ["project:read"],
  async handler(params, ctx) {
    const org = params.organizationSlug;
    const page = await readFilters(() =>
      listInboundFilters(ctx.client, org, params.projectSlug, {
        cursor: params.cursor ?? undefined,
        perPage: PAGE,
        signal: ctx.signal,
      }),
    );
    const lines = [
      `# Custom Inbound Filters in **${inlineCode(`${org}/${params.projectSlug}`)}**`,
      "",
    ];
    if (page.data.length === 0)
      lines.push("No custom inbound filters: nothing is dropped by custom rules.", "");
    for (const f of page.data) {
      lines.push(
        `## ${f.name ? text(f.name) : `Filter ${f.id}`}`,
        "",
        `**ID**: ${f.id} · **Status**: ${f.active ? "active (drops matching data)" : "inactive (drops nothing)"} · **Data**: ${inlineCode(f.dataType)}`,
        ...f.conditions.map(
          (c) =>
            `- ${inlineCode(c.type)} matches ${c.value.map((v) => inlineCode(v)).join(" or ")}`,
        ),
        "",
      );
    }
    if (page.data.length > 1)
      lines.push(
        "All conditions of a filter must match; the values of one condition are alternatives.",
        "",
      );
    if (page.nextCursor)
      lines.push(
        "## Response Notes",
        "",
        `- More filters: pass ${cursorArg(page.nextCursor)} with the same project.`,
      );
    return lines.join("\n").trimEnd();
  },
});
