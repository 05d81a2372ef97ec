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

describe("search_logs", () => {
  it("answers like search_events locked to the logs dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_logs", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Logs in **\`acme\`**

      No query, last 14d, sort \`-timestamp\`, times UTC.

      | timestamp | severity | message | project | trace |
      |---|---|---|---|---|
      | 2026-11-01 11:56:00 | error | checkout aborted for cart c_1842; stock locks released | backend | a1c60f5125a2ea69afac4d6b8c6712ea |
      | 2026-11-01 11:56:00 | error | charge failed: acquirer northbank answered 502 after 2 attempts | payments | a1c60f5125a2ea69afac4d6b8c6712ea |
      | 2026-11-01 11:55:59 | warn | \`retrying charge \\| attempt=2 \\| backoff=0ms \\| reason=502 Bad Gateway\` | payments | a1c60f5125a2ea69afac4d6b8c6712ea |

      **Explore**: https://sentry.example/organizations/acme/explore/logs/?logsQuery=&logsFields=timestamp&logsFields=severity&logsFields=message&logsFields=project&logsFields=trace&logsSortBys=-timestamp&statsPeriod=14d

      ## Response Notes

      - More rows: pass \`cursor: "0:3:0"\` with the same arguments.
      - \`get_trace_details\` with a \`trace\` value shows that whole trace."
    `);
    const api = DATASET_CONFIG.logs.api;
    expect(rec.sent.some((r) => r.query.includes(`dataset=${api}`))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "logs" })).toBe(text);
  });
});
