/**
 * The MCP route reads a POST body once and hands the parsed value on (src/http/app.ts,
 * readJsonBody). Over a real socket: a JSON body is served, a body that is not JSON still gets
 * the protocol's parse error, and a batch is refused as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import { type RunningServer, startHttpServer } from "./serve.js";

let sandbox: Sandbox;
let server: RunningServer;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url }), {
    bind: "127.0.0.1",
    port: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

function post(body: string) {
  return fetch(server.url, {
    method: "POST",
    headers: {
      authorization: `Sentry-Bearer ${TOKEN}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body,
  });
}

describe("the MCP request body", () => {
  it("serves a JSON-RPC request read once", async () => {
    const res = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "find_organizations", arguments: {} },
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      id: number;
      result: { isError?: boolean; content: unknown[] };
    };
    expect(body.id).toBe(7);
    expect(body.result.isError).toBeFalsy();
    expect(JSON.stringify(body.result.content)).toContain("acme");
  });

  it("answers a body that is not JSON with the protocol's parse error", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: number } };
    expect(body.error.code).toBe(-32700);
  });

  it("still refuses a batch", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const res = await post(JSON.stringify([call, { ...call, id: 2 }]));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/batch/i);
  });
});
