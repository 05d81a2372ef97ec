import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DOCS_SEARCH_FAILURES } from "../../sandbox/data/docs.js";
import type { Sandbox } from "../../sandbox/server.js";
import { sandboxDocs, stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { buildSuggestedToolAction } from "./support/suggested-actions.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

function stableJson(value: unknown): unknown {
  return JSON.parse(stable(JSON.stringify(value), sandbox));
}

describe("search_docs", () => {
  it("returns paths, URLs, 0-1 scores and snippets for the first three results", async () => {
    const result = await tools.structured("search_docs", {
      query: "sentry init dsn sample rate",
      maxResults: 5,
    });
    expect(stableJson(result)).toMatchInlineSnapshot(`
      {
        "guide": null,
        "query": "sentry init dsn sample rate",
        "results": [
          {
            "path": "/platforms/javascript/configuration/options/",
            "score": 0.15,
            "snippet": "A function that decides the sample rate per transaction; wins over tracesSampleRate.",
            "url": "https://sentry.example/docs/platforms/javascript/configuration/options/",
          },
          {
            "path": "/platforms/python/",
            "score": 0.15,
            "snippet": "The DSN tells the SDK where to send events; find it in Project Settings > Client Keys (DSN).
      Set \`traces_sample_rate\` between 0 and 1 to sample transactions for tracing.",
            "url": "https://sentry.example/docs/platforms/python/",
          },
          {
            "path": "/platforms/javascript/guides/react/",
            "score": 0.1,
            "snippet": "\`\`\`bash
      npm install --save @sentry/react
      \`\`\`",
            "url": "https://sentry.example/docs/platforms/javascript/guides/react/",
          },
          {
            "path": "/platforms/javascript/guides/nextjs/",
            "score": 0.05,
            "snippet": null,
            "url": "https://sentry.example/docs/platforms/javascript/guides/nextjs/",
          },
          {
            "path": "/platforms/python/integrations/django/",
            "score": 0.05,
            "snippet": null,
            "url": "https://sentry.example/docs/platforms/python/integrations/django/",
          },
        ],
        "suggestedActions": [
          {
            "arguments": {
              "arguments": {
                "path": "/platforms/javascript/configuration/options/",
              },
              "name": "get_doc",
            },
            "reason": "Read the full page of the best match; search results carry only snippets.",
            "toolName": "execute_sentry_tool",
            "type": "tool_call",
          },
        ],
      }
    `);
  });

  it("passes the guide and echoes it", async () => {
    const result = (await tools.structured("search_docs", {
      query: "setup sentry_sdk init",
      guide: "python/django",
    })) as { guide: string; results: Array<{ path: string }> };
    expect(result.guide).toBe("python/django");
    expect(result.results.map((r) => r.path)).toEqual(["/platforms/python/integrations/django/"]);
  });

  it("takes the incumbent's guide values with underscores, e.g. ruby/delayed_job", async () => {
    const result = (await tools.structured("search_docs", {
      query: "delayed job",
      guide: "ruby/delayed_job",
    })) as { guide: string };
    expect(result.guide).toBe("ruby/delayed_job");
  });

  it("returns no results as an empty list, with no suggestion", async () => {
    expect(await tools.structured("search_docs", { query: "kubernetes helm chart" })).toEqual({
      query: "kubernetes helm chart",
      guide: null,
      results: [],
      suggestedActions: [],
    });
  });

  it("treats a failed search as a tool error, also when reported inside a 200 answer", async () => {
    const inBody = await tools.call("search_docs", { query: DOCS_SEARCH_FAILURES.body });
    expect(inBody.isError).toBe(true);
    expect(inBody.structuredContent).toBeUndefined();
    expect(inBody.content[0]).toMatchObject({
      text: expect.stringMatching(/documentation search failed \(Failed to search documentation/),
    });
    const down = await tools.call("search_docs", { query: DOCS_SEARCH_FAILURES.http });
    expect(down.isError).toBe(true);
    expect(down.content[0]).toMatchObject({ text: expect.stringMatching(/status 500/) });
    const notJson = toolCaller(sandbox, {
      docs: { ...sandboxDocs(sandbox), searchUrl: `${sandbox.url}/docs/platforms/python.md` },
    });
    const odd = await notJson.call("search_docs", { query: "python" });
    expect(odd.isError).toBe(true);
    const unreachable = toolCaller(sandbox, {
      docs: { ...sandboxDocs(sandbox), searchUrl: "http://127.0.0.1:9/api/search" },
    });
    const refused = await unreachable.call("search_docs", { query: "python" });
    expect(refused.content[0]).toMatchObject({ text: expect.stringMatching(/Could not reach/) });
  });

  it("rejects bad input before any request", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      { query: "x" },
      { query: "python", maxResults: 11 },
      { query: "python", guide: "../etc" },
    ]) {
      const result = await tools.call("search_docs", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.content[0]).toMatchObject({ text: expect.stringMatching(/^Input error/) });
    }
    expect(sandbox.requests.length).toBe(before);
  });

  it("never sends the Sentry token to the docs service", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    try {
      await tools.structured("search_docs", { query: "python setup" });
      const call = spy.mock.calls.find(([url]) => String(url).endsWith("/api/search"));
      expect(call).toBeDefined();
      const headers = new Headers(call?.[1]?.headers);
      expect(headers.has("authorization")).toBe(false);
      expect(JSON.stringify(call)).not.toContain("canary");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("buildSuggestedToolAction", () => {
  const args = { path: "/platforms/python/" };
  it("calls direct tools directly and routes catalog-only tools through execute_sentry_tool", () => {
    const direct = buildSuggestedToolAction(
      { canCall: () => true, isDirect: () => true },
      "get_doc",
      args,
      "why",
    );
    expect(direct).toEqual({
      type: "tool_call",
      toolName: "get_doc",
      arguments: args,
      reason: "why",
    });
    const routed = buildSuggestedToolAction(
      { canCall: () => true, isDirect: () => false },
      "get_doc",
      args,
      "why",
    );
    expect(routed).toEqual({
      type: "tool_call",
      toolName: "execute_sentry_tool",
      arguments: { name: "get_doc", arguments: args },
      reason: "why",
    });
  });

  it("returns null when the session cannot call the tool", () => {
    const none = buildSuggestedToolAction(
      { canCall: (name) => name !== "get_doc", isDirect: () => false },
      "get_doc",
      args,
      "why",
    );
    expect(none).toBeNull();
  });
});
