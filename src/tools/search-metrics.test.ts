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

describe("search_metrics", () => {
  it("answers like search_events locked to the metrics dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_metrics", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Metrics in **\`acme\`**

      No query, last 14d, sort \`-timestamp\`, times UTC.

      | timestamp | metric.name | metric.type | value | project | trace |
      |---|---|---|---|---|---|
      | 2026-11-01 11:59:00 | celery.queue.depth | gauge | 197 | backend | adc2f9f4f4e4b537fb6f109edd755cd8 |
      | 2026-11-01 10:59:00 | celery.queue.depth | gauge | 191 | backend | bb57bab2f92e610cae7e446260e9b93f |
      | 2026-11-01 09:59:00 | celery.queue.depth | gauge | 210 | backend | 28708cedd2adf2eba5950e26b3df7177 |

      **Explore**: https://sentry.example/organizations/acme/explore/metrics/?query=&statsPeriod=14d

      ## Response Notes

      - More rows: pass \`cursor: "0:3:0"\` with the same arguments.
      - \`get_trace_details\` with a \`trace\` value shows that whole trace."
    `);
    const api = DATASET_CONFIG.metrics.api;
    expect(rec.sent.some((r) => r.query.includes(`dataset=${api}`))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "metrics" })).toBe(text);
  });
});
