import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { recordingFetch } from "../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
const json = (value: unknown) => JSON.parse(stable(JSON.stringify(value), sandbox));

describe("scratch", () => {
  it("runs", async () => {
    const rec = recordingFetch();
    const tools = toolCaller(sandbox, { fetch: rec.fetch });
    const dry = await tools.call("bulk_update_issues", { organizationSlug: "acme", query: "is:unresolved project:backend", limit: 4, status: "resolved", inRelease: "backend@2.14.0" });
    console.log(JSON.stringify(json(dry), null, 1));
    const upd = await tools.call("update_issue", { organizationSlug: "acme", issueId: "BACKEND-1A", inCommit: {commit: "abcdef1234567", repository: "acme-corp/backend"} });
    console.log(JSON.stringify(json(upd), null, 1));
    console.log(JSON.stringify(rec.sent));
    expect(1).toBe(1);
  });
});
