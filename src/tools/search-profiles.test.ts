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

describe("search_profiles", () => {
  it("answers like search_events locked to the profiles dataset", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const args = { organizationSlug: "acme", limit: 3 };
    const text = await tools.text("search_profiles", args);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Profiled functions in **\`acme\`**

      No query, last 14d, sort \`-count()\`.

      | function | package | project | count() | p95(function.duration) |
      |---|---|---|---|---|
      | psycopg.cursor.Cursor.execute | psycopg | backend | 58 | 48.5ms |
      | json.encoder.JSONEncoder.iterencode | json | backend | 58 | 76.5ms |
      | \`django.db.models.query.QuerySet._fetch_all\` | django | backend | 54 | 59.6ms |

      **Explore**: https://sentry.example/organizations/acme/explore/profiling/?query=&statsPeriod=14d

      ## Response Notes

      - More rows: pass \`cursor: "0:3:0"\` with the same arguments."
    `);
    const api = DATASET_CONFIG.profiles.api;
    expect(rec.sent.some((r) => r.query.includes(`dataset=${api}`))).toBe(true);
    expect(await tools.text("search_events", { ...args, dataset: "profiles" })).toBe(text);
  });
});
