import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOddIssues } from "../../sandbox/data/issues-odd.js";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  addOddIssues(sandbox.store);
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const crumbs = (args: Record<string, unknown>) =>
  tools.text("get_issue_breadcrumbs", { organizationSlug: "acme", ...args });
const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe("get_issue_breadcrumbs", () => {
  it("lists every breadcrumb oldest first with offsets, levels and data", async () => {
    expect(stable(await crumbs({ issueId: "FRONTEND-2A" }), sandbox)).toMatchInlineSnapshot(`
      "# Breadcrumbs of Event \`651035afe6a84f463a241242ec264949\` in **\`acme\`**

      **Issue**: FRONTEND-2A · \`\`TypeError: Cannot read property 'x' of undefined in \`render()\` **bold** # heading — ñandú 🔥\`\`
      **Event occurred**: 2026-11-01 11:54 UTC

      5 of 5 breadcrumbs, oldest first; the offset in parentheses is relative to the event.

      - 11:53:18 (-42.0s) \`navigation\`: data \`from=/dashboard, to=/dashboard/revenue?range=30d\`
      - 11:53:20 (-40.0s) \`fetch\`: data \`method=GET, url=/api/v2/reports/revenue/?range=30d, status_code=200\`
      - 11:53:48 (-12.0s) \`ui.click\`: \`div.chart-area > svg > g.tooltip-anchor\`
      - 11:53:57 (-3.0s) \`console warning\`: \`\`Warning: Each child in a list should have a unique "key" prop. Check the render method of \`ChartTooltip\`.\`\` · data \`logger=console, arguments=["Warning: Each child in a list should have a unique \\"key\\" prop."]\`
      - 11:54:00 (0.0s) \`console error\`: \`\`TypeError: Cannot read property 'x' of undefined in \`render()\` **bold** # heading — ñandú 🔥\`\`"
    `);
  });

  it("filters by category and keeps the newest when limited", async () => {
    const console = await crumbs({ issueId: "FRONTEND-2A", category: "console" });
    expect(console).toContain("2 of 5 breadcrumbs (category `console`)");
    expect(console).not.toContain("`navigation`");
    const limited = await crumbs({ issueId: "BACKEND-1A", limit: 2 });
    expect(limited).toContain("- … 2 earlier breadcrumbs not shown");
    expect(limited).toContain("`orders.services warning`");
    expect(limited).toContain("Raise `limit` (now 2) to see the 2 earlier breadcrumbs.");
    const none = await crumbs({ issueId: "FRONTEND-2A", category: "xhr" });
    expect(none).toMatch(/No breadcrumbs of category `xhr`; this event has `navigation`, `fetch`/);
  });

  it("handles events without breadcrumbs and malformed ones", async () => {
    expect(await crumbs({ issueId: "BACKEND-1K" })).toContain(
      "This event recorded no breadcrumbs.",
    );
    const odd = await crumbs({ issueId: "BACKEND-9C" });
    // No time and no message recorded: the line says only what is known, no placeholders.
    expect(odd).toMatch(/^- `default`$/m);
    expect(odd).not.toMatch(/--:--:--|\(no message\)/);
    expect(odd).not.toMatch(/^## heading/m);
    expect(odd).not.toMatch(/^line2/m);
    expect(odd).not.toMatch(/undefined|null|NaN/);
  });

  it("takes one round trip", async () => {
    const probe = upstreamProbe();
    await toolCaller(sandbox, { fetch: probe.fetch }).text("get_issue_breadcrumbs", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      eventId: "latest",
    });
    expect(probe.rounds()).toBe(1);
  });

  it("rejects bad input and reports upstream errors", async () => {
    for (const args of [
      { organizationSlug: "acme", issueId: "BACKEND-1A", limit: 0 },
      { organizationSlug: "acme", issueId: "BACKEND-1A", eventId: "12" },
      { organizationSlug: "acme" },
    ]) {
      expect(errorText(await tools.call("get_issue_breadcrumbs", args))).toMatch(/^Input error/);
    }
    const missing = await tools.call("get_issue_breadcrumbs", {
      organizationSlug: "acme",
      issueId: "NOPE-1",
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/events\/latest\/$/, status: 500 }]);
    const failed = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_issue_breadcrumbs", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(errorText(failed)).toMatch(/^Sentry error/);
  });
});
