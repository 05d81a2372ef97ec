import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch } from "../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("search_replays", () => {
  it("answers like search_events locked to the replays dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_replays", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Replays in **\`acme\`**

      No query, last 14d, sort \`-started_at\`, times UTC.

      | id | started_at | duration | count_errors | user | urls |
      |---|---|---|---|---|---|
      | 3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8 | 2026-11-01 11:40:10 | 16.3min | 2 | brightpath-ops | https://app.acme.example/dashboard, https://app.acme.example/settings/billing, https://app.acme.exam… |
      | 8b2e4d6f1a3c5e7f9b0d2f4a6c8e0a1b | 2026-11-01 10:24:40 | 6.4min | 0 | Amara K. | https://app.acme.example/cart, https://app.acme.example/checkout?step=shipping, https://app.acme.exa… |
      | 3d3bd4b587b1da46ea737206c2ed515b | 2026-11-01 07:00:00 | 26.7min | 0 | support@acme.example | https://app.acme.example/admin/accounts/acct_0001, https://app.acme.example/admin/accounts/acct_0002… |

      **Explore**: https://sentry.example/organizations/acme/replays/?query=&sort=-started_at&statsPeriod=14d

      ## Response Notes

      - \`get_replay_details\` with a replay \`id\` shows what the user did."
    `);
    expect(rec.sent.some((r) => r.path.endsWith("/replays/"))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "replays" })).toBe(text);
  });
});
