import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { sandboxDocs, stable, startTestSandbox, toolCaller } from "../../test/harness.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

describe("get_doc", () => {
  it("returns a docs page as markdown", async () => {
    const text = await tools.text("get_doc", { path: "/platforms/javascript/guides/react/" });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Sentry Docs: \`/platforms/javascript/guides/react/\`

      **URL**: https://sentry.example/docs/platforms/javascript/guides/react/

      \`\`\`\`markdown
      # React

      Install the React SDK:

      \`\`\`bash
      npm install --save @sentry/react
      \`\`\`

      Initialize Sentry before rendering your app:

      \`\`\`javascript
      import * as Sentry from "@sentry/react";

      Sentry.init({
        dsn: "https://examplePublicKey@o0.ingest.sentry.io/0",
        integrations: [Sentry.browserTracingIntegration()],
        tracesSampleRate: 0.2,
      });
      \`\`\`

      Wrap parts of your component tree in \`Sentry.ErrorBoundary\` to report render errors and show
      a fallback UI. Upload source maps during your build so stack traces point at your original code.
      \`\`\`\`

      ## Response Notes

      - Relative links in the page are relative to https://sentry.example/docs."
    `);
  });

  it("accepts the .md form and paths without a trailing slash", async () => {
    const a = await tools.text("get_doc", { path: "/platforms/python.md" });
    const b = await tools.text("get_doc", { path: "/platforms/python" });
    expect(a).toBe(b);
    expect(a).toContain("# Sentry Docs: `/platforms/python/`");
    expect(sandbox.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/docs/platforms/python.md",
    });
  });

  it("points to search_docs for a missing page, by header or by 404", async () => {
    const byHeader = await tools.call("get_doc", { path: "/platforms/cobol/" });
    expect(byHeader.content[0]).toMatchObject({
      text: "Input error: There is no documentation page at /platforms/cobol/. Use search_docs to find the right path.",
    });
    const strict = toolCaller(sandbox, {
      docs: { ...sandboxDocs(sandbox), baseUrl: `${sandbox.url}/docs-404` },
    });
    const by404 = await strict.call("get_doc", { path: "/platforms/cobol/" });
    expect(by404.content[0]).toMatchObject({ text: expect.stringMatching(/Use search_docs/) });
    expect(await strict.text("get_doc", { path: "/product/crons/" })).toContain(
      "# Cron Monitoring",
    );
  });

  it("refuses URLs, hosts and path tricks before any request", async () => {
    const before = sandbox.requests.length;
    for (const path of [
      "https://evil.example/secrets",
      "//evil.example/x",
      "/platforms/../../etc/passwd",
      "/platforms/./python",
      "platforms/python",
      "/platforms/python?x=1",
      "/platforms/python#top",
      "/platforms/py thon",
      "/",
    ]) {
      const result = await tools.call("get_doc", { path });
      expect(result.isError, path).toBe(true);
      expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^Input error/) });
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it("cuts a page longer than the response budget with a note", async () => {
    const small = toolCaller(sandbox, { responseBudget: 1500 });
    const text = await small.text("get_doc", {
      path: "/platforms/javascript/configuration/options/",
    });
    expect(text).toMatch(/- The page was cut after 500 characters \(\d+ more\); read the rest at /);
    expect(text.length).toBeLessThan(1500);
  });

  it("reports other docs site failures as upstream errors", async () => {
    const broken = toolCaller(sandbox, {
      docs: { ...sandboxDocs(sandbox), baseUrl: `${sandbox.url}/api/0` },
    });
    const result = await broken.call("get_doc", { path: "/platforms/python/" });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/answered 401/) });
  });
});
