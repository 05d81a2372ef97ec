/**
 * Dot segments: an id, slug or version of "." or ".." would be resolved away by URL parsing
 * and send the request (a DELETE too) to a parent endpoint. For every tool of ALL_TOOLS and
 * each of its string parameters, a call with ".." (or ".")
 * never reaches the parent endpoint the same call reaches with ".." resolved away.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import type { AnyTool } from "../../src/tools/types.js";
import { startTestSandbox, toolCaller } from "../harness.js";
import { badResult } from "./checks.js";
import { type Args, sampleArgs } from "./samples.js";

const PROBE = "zzprobe";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

function stringParams(tool: AnyTool): string[] {
  const schema = z.toJSONSchema(z.object(tool.inputSchema), {
    io: "input",
    unrepresentable: "any",
  }) as { properties?: Record<string, { type?: string }> };
  return Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === "string")
    .map(([name]) => name);
}

async function requestsOf(tool: AnyTool, args: Args): Promise<{ paths: string[]; bad?: string }> {
  const before = sandbox.requests.length;
  // A fresh session each time: no cache makes one call cheaper than the other.
  const result = await toolCaller(sandbox, { seer: { timeoutMs: 50, pollIntervalMs: 10 } }).call(
    tool.name,
    args,
  );
  return {
    paths: sandbox.requests.slice(before).map((r) => `${r.method} ${r.path}`),
    bad: badResult(result),
  };
}

describe("dot segments in ids", () => {
  it("never reach a parent endpoint, for any tool and string parameter", async () => {
    const problems: string[] = [];
    let cases = 0;
    for (const tool of ALL_TOOLS) {
      const sample = sampleArgs(tool, sandbox.store);
      for (const param of stringParams(tool)) {
        for (const dots of ["..", "."]) {
          cases++;
          const probe = await requestsOf(tool, { ...sample, [param]: PROBE });
          const dotted = await requestsOf(tool, { ...sample, [param]: dots });
          if (dotted.bad) problems.push(`${tool.name}.${param}=${dots}: ${dotted.bad}`);
          // Where each probed request would have gone with the dots resolved away.
          const parents = new Set(
            probe.paths
              .filter((p) => p.includes(PROBE))
              .map((p) => {
                const [method, path] = p.split(" ");
                return `${method} ${new URL(path.replaceAll(PROBE, dots), "http://x").pathname}`;
              }),
          );
          const reached = dotted.paths.filter((p) => parents.has(p));
          if (reached.length > 0) {
            problems.push(
              `${tool.name}.${param}=${JSON.stringify(dots)} reached ${reached.join(", ")}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(cases).toBeGreaterThan(ALL_TOOLS.length);
  }, 120_000);
});
