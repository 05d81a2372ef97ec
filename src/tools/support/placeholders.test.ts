/**
 * Seed 000: a value Sentry did not send is left out, never shown as a placeholder. Each case
 * feeds a formatter a resource with the optional fields missing and reads the whole line.
 */
import { describe, expect, it } from "vitest";
import { IssueSchema } from "../../sentry-api/issues.js";
import { ReleaseSchema } from "../../sentry-api/releases.js";
import { TraceIssueSchema } from "../../sentry-api/traces.js";
import { crumbData } from "./breadcrumb-format.js";
import { formatIssueDetails } from "./issue-details-format.js";
import { issueLine } from "./issue-format.js";
import { releaseLine } from "./release-format.js";
import { formatFrames } from "./stacktrace-format.js";
import { issueLine as traceIssueLine } from "./trace-format.js";

const PLACEHOLDER =
  /\(no \w+\)|\(unknown\)|<unknown>|\(empty\)|\(unnamed\)|\(all\)|`\?`|: \?|--:--/;

const bare = IssueSchema.parse({ id: "42", shortId: "APP-7", project: { slug: "app" } });

describe("missing values are omitted", () => {
  it("an issue list line without title, status or counts", () => {
    const line = issueLine(bare);
    expect(line).toMatchInlineSnapshot(`"- **APP-7**"`);
    expect(line).not.toMatch(PLACEHOLDER);
  });

  it("issue details without status, counts or dates", () => {
    const text = formatIssueDetails({
      org: "acme",
      issue: bare,
      eventLabel: "latest",
      tags: [{ key: "browser", totalValues: 2, topValues: [{ value: "", count: 2 }] }],
      suspectCommit: null,
      issueUrl: "https://acme.sentry.io/issues/42/",
      hints: { canCall: () => true, isDirect: () => false },
    });
    const head = text.split("\n").slice(0, 6).join("\n");
    expect(head).toMatchInlineSnapshot(`
      "# Issue APP-7 in **\`acme\`**

      **Kind**: error
      **Project**: \`app\` · **Issue ID**: 42
      **Assigned to**: unassigned
      **URL**: https://acme.sentry.io/issues/42/"
    `);
    expect(text).not.toMatch(PLACEHOLDER);
  });

  it("a trace issue without short id or title keeps a real label", () => {
    const issue = TraceIssueSchema.parse({ issue_id: 9, level: "error" });
    expect(traceIssueLine(issue, null, false)).toBe("- issue `9` · error");
  });

  it("a frame without a file or function", () => {
    const text = formatFrames([{ lineNo: 3, inApp: true }, { function: "run" }]);
    expect(text).not.toMatch(PLACEHOLDER);
    expect(text).toContain("run");
  });

  it("a release without dates and a navigation crumb with one end", () => {
    const release = ReleaseSchema.parse({ version: "1.0.0" });
    expect(releaseLine(release)).not.toMatch(PLACEHOLDER);
    expect(crumbData({ to: "/cart" }, false)).toBe("to /cart");
  });
});
