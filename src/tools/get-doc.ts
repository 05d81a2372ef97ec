import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { codeBlock, inlineCode } from "../format/markdown.js";
import { defineTool } from "./define.js";
import { displayPath, docsEndpoints, docsFetch, normalizeDocPath } from "./support/docs-http.js";

/** Room left for the heading and notes around the page. */
const FRAME = 1_000;

export default defineTool({
  name: "get_doc",
  title: "Get Sentry Doc Page",
  description:
    "Read one page of the Sentry docs as markdown, by the path search_docs returned (e.g. /platforms/python/).",
  inputSchema: {
    path: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .describe("Docs page path from search_docs, e.g. /platforms/javascript/guides/react/"),
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "docs", "triage", "seer", "project-management"],
  requiredScopes: [],
  async handler(params, ctx) {
    const page = normalizeDocPath(params.path);
    const base = docsEndpoints(ctx).baseUrl.replace(/\/+$/, "");
    const url = new URL(`${base}${page}.md`);
    const missing = () =>
      new UserInputError(
        `There is no documentation page at ${page}/. Use search_docs to find the right path.`,
      );
    const response = await docsFetch(url, {
      accept: "text/markdown, text/plain",
      signal: ctx.signal,
    });
    if (response.status === 404 || response.headers.has("x-sentry-docs-not-found")) {
      await response.body?.cancel().catch(() => undefined);
      throw missing();
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError(
        "upstream",
        response.status,
        `The docs site answered ${response.status} for ${page}/.`,
      );
    }
    const content = (await response.text()).trim();
    // An HTML page where markdown was expected: the path names no page.
    if (/^<(!doctype|html)/i.test(content)) throw missing();
    const room = Math.max(500, ctx.responseBudget - FRAME);
    const cut = content.length > room;
    const pageUrl = `${base}${displayPath(page)}`;
    const lines = [
      `# Sentry Docs: ${inlineCode(displayPath(page))}`,
      "",
      `**URL**: ${pageUrl}`,
      "",
      codeBlock(cut ? content.slice(0, room) : content, "markdown"),
      "",
      "## Response Notes",
      "",
      `- Relative links in the page are relative to ${base}.`,
    ];
    if (cut)
      lines.push(
        `- The page was cut after ${room} characters (${content.length - room} more); read the rest at ${pageUrl}.`,
      );
    return lines.join("\n");
  },
});
