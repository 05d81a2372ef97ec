/**
 * Stateless HTTP shares one listing per policy between the per-request servers (see
 * src/server/blueprint.ts). Callers with the same policy but different tokens and pins run
 * through that shared structure at the same time here: each must see only its own token, its
 * own pins and its own answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../sandbox/server.js";
import { NOW } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import { createHttpApp } from "./app.js";
import { openSqliteStore } from "./store/sqlite.js";

const HOST = "127.0.0.1:6421";
const TOKEN_A = "isolation-token-aaaaaaaaaaaaaaaa";
const TOKEN_B = "isolation-token-bbbbbbbbbbbbbbbb";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: NOW, tokens: [TOKEN_A, TOKEN_B] });
});
afterAll(async () => {
  await sandbox?.close();
});

interface Upstream {
  token: string;
  path: string;
}

/** The app, with every upstream request recorded and delayed a little so callers interleave. */
function makeApp(seen: Upstream[]) {
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const auth = new Headers(init?.headers).get("authorization") ?? "";
    seen.push({ token: auth.replace(/^Bearer /, ""), path: url.pathname });
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 6)));
    return fetch(input, init);
  };
  return createHttpApp({
    config: defaultConfig({ sentryUrl: sandbox.url }),
    allowedHosts: new Set([HOST]),
    fetch: recording,
    service: { store: openSqliteStore(":memory:", { sweepMs: 0 }) },
    clientIp: () => "10.0.0.9",
  });
}

async function rpc(
  app: ReturnType<typeof makeApp>,
  path: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the JSON-RPC answer is asserted field by field
): Promise<any> {
  const res = await app.request(`http://${HOST}${path}`, {
    method: "POST",
    headers: {
      host: HOST,
      authorization: `Sentry-Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const searchText = (answer: { result: { isError?: boolean; content: { text: string }[] } }) => {
  expect(answer.result.isError).toBeFalsy();
  return answer.result.content.map((c) => c.text).join("\n");
};

const listedParams = (answer: {
  result: { tools: { name: string; inputSchema: { properties?: object } }[] };
}) => {
  const tool = answer.result.tools.find((t) => t.name === "search_issues");
  return Object.keys(tool?.inputSchema.properties ?? {});
};

describe("per-request state through the shared listing", () => {
  it("keeps concurrent callers' tokens, pins and answers apart", async () => {
    const seen: Upstream[] = [];
    const app = makeApp(seen);
    const a = (method: string, params?: Record<string, unknown>) =>
      rpc(app, "/mcp/acme", TOKEN_A, method, params);
    const b = (method: string, params?: Record<string, unknown>) =>
      rpc(app, "/mcp/globex", TOKEN_B, method, params);
    const search = { name: "search_issues", arguments: { limit: 3 } };
    const rounds = await Promise.all(
      Array.from({ length: 8 }, () =>
        Promise.all([
          a("tools/call", search),
          b("tools/call", search),
          a("tools/list"),
          b("tools/list"),
          // Same token as A, no pin: a different policy in the same cache.
          rpc(app, "/mcp", TOKEN_A, "tools/list"),
        ]),
      ),
    );
    for (const [searchA, searchB, listA, listB, listFree] of rounds) {
      const textA = searchText(searchA);
      const textB = searchText(searchB);
      expect(textA).toContain("/organizations/acme/issues/");
      expect(textA).not.toContain("globex");
      expect(textB).toContain("/organizations/globex/issues/");
      expect(textB).not.toContain("acme");
      expect(listedParams(listA)).not.toContain("organizationSlug");
      expect(listB).toEqual(listA);
      expect(listedParams(listFree)).toContain("organizationSlug");
    }
    const orgOf = (u: Upstream) => /\/organizations\/([^/]+)\//.exec(u.path)?.[1];
    const byToken = (token: string) => new Set(seen.filter((u) => u.token === token).map(orgOf));
    expect(byToken(TOKEN_A)).toEqual(new Set(["acme"]));
    expect(byToken(TOKEN_B)).toEqual(new Set(["globex"]));
    expect(seen.every((u) => u.token === TOKEN_A || u.token === TOKEN_B)).toBe(true);
  });

  it("refuses a pinned caller's attempt to reach another organization while others share its listing", async () => {
    const app = makeApp([]);
    const [refused, allowed] = await Promise.all([
      rpc(app, "/mcp/acme", TOKEN_A, "tools/call", {
        name: "search_issues",
        arguments: { organizationSlug: "globex", limit: 1 },
      }),
      rpc(app, "/mcp/globex", TOKEN_B, "tools/call", {
        name: "search_issues",
        arguments: { organizationSlug: "globex", limit: 1 },
      }),
    ]);
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toContain('pinned to organization "acme"');
    expect(searchText(allowed)).toContain("/organizations/globex/issues/");
  });
});
