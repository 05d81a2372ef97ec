import { z } from "zod";
import { ApiError, UserInputError } from "../errors.js";
import { getIssueTag, listIssueTagValues } from "../sentry-api/issue-tags.js";
import { getIssue, listIssueTags } from "../sentry-api/issues.js";
import { defineTool, structuredResult } from "./define.js";
import { assertWithinPins } from "./support/constraints.js";
import { issueIdParam, issueUrlParam, resolveIssueTarget } from "./support/issue-target.js";
import { cursor, organizationSlug } from "./support/params.js";

const SORTS = { count: "-count", lastSeen: "-date", firstSeen: "-age" } as const;

const output = z.object({
  organization: z.string(),
  issue: z.object({ id: z.string(), shortId: z.string().optional() }),
  tagKey: z.string(),
  tagName: z.string().optional(),
  totalEvents: z.number().optional(),
  uniqueValues: z.number().optional(),
  values: z.array(
    z.object({
      value: z.string(),
      count: z.number().optional(),
      percent: z.number().optional(),
      firstSeen: z.string().optional(),
      lastSeen: z.string().optional(),
    }),
  ),
  nextCursor: z.string().optional(),
});

export default defineTool({
  name: "get_issue_tag_values",
  title: "Get Issue Tag Values",
  description:
    "How one tag is distributed across an issue's events: every value of e.g. url, browser, release, environment, user, os, device with its count, share and first/last seen. Paginated.",
  inputSchema: {
    organizationSlug: organizationSlug.optional(),
    issueId: issueIdParam,
    issueUrl: issueUrlParam,
    tagKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, "must be a tag key such as url or browser.name")
      .describe("Tag key, case-sensitive: url, browser, release, environment, user, os, device..."),
    environment: z.string().trim().min(1).max(64).optional().describe("Only this environment"),
    sort: z
      .enum(["count", "lastSeen", "firstSeen"])
      .default("count")
      .describe("count (default), lastSeen or firstSeen, newest/most first"),
    limit: z.number().int().min(1).max(100).default(25).describe("Values per page (default 25)"),
    cursor,
  },
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: ["inspect", "triage", "seer"],
  requiredScopes: ["event:read"],
  async handler(params, ctx) {
    const { org, issueId } = resolveIssueTarget(params, ctx);
    const environment = params.environment ? [params.environment] : undefined;
    const [issue, detail, page] = await Promise.allSettled([
      getIssue(ctx.client, org, issueId, ctx.signal),
      getIssueTag(ctx.client, org, issueId, params.tagKey, { environment, signal: ctx.signal }),
      listIssueTagValues(ctx.client, org, issueId, params.tagKey, {
        sort: SORTS[params.sort],
        environment,
        cursor: params.cursor,
        limit: params.limit,
        signal: ctx.signal,
      }),
    ]);
    if (issue.status === "rejected") throw issue.reason;
    assertWithinPins(ctx, org, issue.value.project.slug);
    const failed = [detail, page].find((r) => r.status === "rejected");
    if (failed?.status === "rejected") {
      const error = failed.reason;
      if (error instanceof ApiError && error.status === 404) {
        // The issue exists, so the key does not: say which keys do (one more request, only here).
        const keys = await listIssueTags(ctx.client, org, issueId, ctx.signal).catch(() => []);
        throw new UserInputError(
          `Tag ${JSON.stringify(params.tagKey)} is not on issue ${issue.value.shortId ?? issueId}.${keys.length ? ` Its tags: ${keys.map((k) => k.key).join(", ")}.` : ""}`,
        );
      }
      throw error;
    }
    const tag = detail.status === "fulfilled" ? detail.value : undefined;
    const values = page.status === "fulfilled" ? page.value : undefined;
    const total = tag?.totalValues ?? undefined;
    return structuredResult({
      organization: org,
      issue: { id: issue.value.id, shortId: issue.value.shortId ?? undefined },
      tagKey: params.tagKey,
      tagName: tag?.name && tag.name !== params.tagKey ? tag.name : undefined,
      totalEvents: total,
      uniqueValues: tag?.uniqueValues ?? undefined,
      values: (values?.data ?? []).map((v) => ({
        value: v.value ?? v.name ?? "",
        count: v.count ?? undefined,
        percent: total && v.count != null ? Math.round((v.count / total) * 1000) / 10 : undefined,
        firstSeen: v.firstSeen ?? undefined,
        lastSeen: v.lastSeen ?? undefined,
      })),
      nextCursor: values?.nextCursor,
    });
  },
});
