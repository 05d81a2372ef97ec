import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch } from "../../test/write-helpers.js";
import { DATASET_CONFIG } from "./support/events-datasets.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("search_errors", () => {
  it("answers like search_events locked to the errors dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_errors", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Error events in **\`acme\`**

      No query, last 14d, sort \`-timestamp\`, times UTC.

      | timestamp | issue | title | level | project | trace |
      |---|---|---|---|---|---|
      | 2026-11-01 11:59:00 | FRONTEND-2J | Error: ResizeObserver loop completed with undelivered notifications. | warning | frontend | eba33e569de5ebf9daebba718d7c582a |
      | 2026-11-01 11:58:00 | FRONTEND-2C | Blocked 'script' from 'cdn.tracking-pixel.example' | error | frontend | c0d5f6f534ab515f78cdd5f2dbd61671 |
      | 2026-11-01 11:56:00 | PAYMENTS-1 | PaymentGatewayError: Upstream responded 502 Bad Gateway (acquirer=northbank) | error | payments | a1c60f5125a2ea69afac4d6b8c6712ea |

      **Explore**: https://sentry.example/organizations/acme/discover/results/?dataset=errors&queryDataset=error-events&field=timestamp&field=issue&field=title&field=level&field=project&field=trace&query=&sort=-timestamp&name=search_events&statsPeriod=14d

      ## Response Notes

      - More rows: pass \`cursor: "0:3:0"\` with the same arguments.
      - \`get_trace_details\` with a \`trace\` value shows that whole trace.
      - \`get_issue_details\` with an \`issue\` short ID shows its stack trace."
    `);
    const api = DATASET_CONFIG.errors.api;
    expect(rec.sent.some((r) => r.query.includes(`dataset=${api}`))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "errors" })).toBe(text);
  });
});
