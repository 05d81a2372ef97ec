import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** The event and project of a seeded attachment, by file name. */
function seeded(name: string) {
  const a = sandbox.store.attachments.find((x) => x.name === name)!;
  const project = sandbox.store.projects.find((p) => p.id === a.projectId)!.slug;
  return { organizationSlug: "acme", projectSlug: project, eventId: a.eventId, attachmentId: a.id };
}

describe("get_event_attachment", () => {
  it("lists an event's attachments with a download hint", async () => {
    const { attachmentId: _, ...event } = seeded("heap-dump.hprof");
    const text = await tools.text("get_event_attachment", event);
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Attachments of Event \`e62c6773394d19cafd5ec489531445a8\` in **\`acme/mobile-app\`**

      - **7700004** \`screenshot.jpg\` · \`image/jpeg\` · 1.5 MB · \`event.attachment\` · 2026-11-01 11:19 UTC
      - **7700005** \`heap-dump.hprof\` · \`application/octet-stream\` · 48.0 MB · \`event.attachment\` · 2026-11-01 11:19 UTC
      - **7700006** \`native-crash.dmp\` · \`application/octet-stream\` · 64.0 KB · \`event.minidump\` · 2026-11-01 11:19 UTC
      - **7700007** \`view-hierarchy.json\` · \`application/json\` · 206 B · \`event.view_hierarchy\` · 2026-11-01 11:19 UTC

      ## Response Notes

      - Download one: \`get_event_attachment(organizationSlug="acme", projectSlug="mobile-app", eventId="e62c6773394d19cafd5ec489531445a8", attachmentId="7700004")\` via \`execute_sentry_tool\` with its ID. Text and images up to 1 MB come back inline."
    `);
  });

  it("returns a small text file as text in one round trip", async () => {
    const probe = upstreamProbe();
    const text = await toolCaller(sandbox, { fetch: probe.fetch }).text(
      "get_event_attachment",
      seeded("checkout-debug.log"),
    );
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Attachment \`checkout-debug.log\` of Event \`ab3e0db46282996f3688aec3a28ba852\` in **\`acme/backend\`**

      **ID**: 7700001 · **Type**: \`text/plain\` · **Size**: 454 B

      \`\`\`
      2026-11-01T11:47:51Z INFO  checkout start order=99120 tenant=acme-eu
      2026-11-01T11:47:52Z INFO  reserve stock skus=6
      2026-11-01T11:47:53Z WARN  pg-primary.acme.internal:5432 connect timeout (attempt 1/3)
      2026-11-01T11:47:56Z WARN  pg-primary.acme.internal:5432 connect timeout (attempt 2/3)
      2026-11-01T11:47:59Z ERROR pg-primary.acme.internal:5432 connection refused (attempt 3/3)
      2026-11-01T11:47:59Z ERROR checkout failed order=99120: OperationalError
      \`\`\`"
    `);
    expect(probe.rounds()).toBe(1);
  });

  it("reads generic octet-stream files with a text name as text", async () => {
    const text = await tools.text("get_event_attachment", seeded("request-payload.json"));
    expect(text).toContain('```\n{"payment_method":"card","coupon":"SPRING25","items":6}\n```');
  });

  it("returns a small image as MCP image content", async () => {
    const result = await tools.call("get_event_attachment", seeded("screenshot.png"));
    expect(result.isError).toBeFalsy();
    expect(result.content).toHaveLength(2);
    expect(result.content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    const data = (result.content[1] as { data: string }).data;
    expect(Buffer.from(data, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(errorText(result)).toContain("**Type**: `image/png` · **Size**: 70 B");
  });

  it("refuses large files and other binaries with their size and URL, without reading them", async () => {
    const big = await tools.text("get_event_attachment", seeded("heap-dump.hprof"));
    expect(big).toContain("**Size**: 48.0 MB");
    expect(big).toContain("Not downloaded: the file is 48.0 MB, over the 1.0 MB limit");
    expect(big).toMatch(/\*\*Download URL\*\* .*: http:\/\/.*\/attachments\/\d+\/\?download=1/);
    const photo = await tools.text("get_event_attachment", seeded("screenshot.jpg"));
    expect(photo).toContain("over the 1.0 MB limit");
    const dump = await tools.text("get_event_attachment", seeded("native-crash.dmp"));
    expect(dump).toContain("**Size**: 64.0 KB");
    expect(dump).toContain("Not downloaded: only text files and PNG, JPEG, GIF or WebP images");
  });

  it("rejects bad input before any request and reports upstream errors", async () => {
    const base = seeded("checkout-debug.log");
    const before = sandbox.requests.length;
    for (const args of [
      { ...base, attachmentId: "../1" },
      { ...base, eventId: "latest" },
      { ...base, projectSlug: "a/b" },
    ]) {
      expect(errorText(await tools.call("get_event_attachment", args))).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const missing = await tools.call("get_event_attachment", { ...base, attachmentId: "1" });
    expect(errorText(missing)).toMatch(/^Not found/);
    // A string ID (the incumbent's type) goes to Sentry, which decides; it is not refused here.
    const named = await tools.call("get_event_attachment", { ...base, attachmentId: "abc_1" });
    expect(sandbox.requests.at(-1)?.path).toMatch(/\/attachments\/abc_1\/$/);
    expect(errorText(named)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /\/attachments\//, status: 403 }]);
    const denied = await toolCaller(sandbox, { fetch: probe.fetch }).call(
      "get_event_attachment",
      base,
    );
    expect(errorText(denied)).toMatch(/^Permission denied/);
  });
});
