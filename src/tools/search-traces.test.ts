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

describe("search_traces", () => {
  it("answers like search_events locked to the spans dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_traces", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Spans in **\`acme\`**

      No query, last 14d, sort \`-timestamp\`, times UTC.

      | timestamp | id | span.op | span.description | span.duration | transaction | project | trace |
      |---|---|---|---|---|---|---|---|
      | 2026-11-01 11:56:00 | 9b6b34e8e38f7509 | ui.action.click | /checkout | 2.52s | /checkout | frontend | a1c60f5125a2ea69afac4d6b8c6712ea |
      | 2026-11-01 11:56:00 | 23165b6de3c0bb0d | http.client | POST https://api.acme.example/api/v2/checkout/ | 2.49s | /checkout | frontend | a1c60f5125a2ea69afac4d6b8c6712ea |
      | 2026-11-01 11:56:00 | 3f6e24f6ccd99fca | http.server | POST /api/v2/checkout/ | 2.47s | POST /api/v2/checkout/ | backend | a1c60f5125a2ea69afac4d6b8c6712ea |

      **Explore**: https://sentry.example/organizations/acme/explore/traces/?mode=samples&query=&field=timestamp&field=id&field=span.op&field=span.description&field=span.duration&field=transaction&field=project&field=trace&sort=-timestamp&statsPeriod=14d

      ## Response Notes

      - More rows: pass \`cursor: "0:3:0"\` with the same arguments.
      - \`get_trace_details\` with a \`trace\` value shows that whole trace.
      - \`get_span_details\` with \`trace\` and \`id\` (the span ID) shows one span."
    `);
    const api = DATASET_CONFIG.spans.api;
    expect(rec.sent.some((r) => r.query.includes(`dataset=${api}`))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "spans" })).toBe(text);
  });
});
