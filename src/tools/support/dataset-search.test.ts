import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../sandbox/server.js";
import { startTestSandbox, toolCaller } from "../../../test/harness.js";
import { textOf } from "../../../test/write-helpers.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** Each dataset tool and another dataset a caller might try to switch it to. */
const LOCKED = [
  ["search_errors", "logs"],
  ["search_logs", "errors"],
  ["search_traces", "logs"],
  ["search_metrics", "logs"],
  ["search_profiles", "logs"],
  ["search_replays", "logs"],
] as const;

describe("dataset search tools", () => {
  it.each(LOCKED)(
    "%s has no dataset parameter: dataset=%s is refused by name",
    async (name, other) => {
      const tools = toolCaller(sandbox);
      const tool = tools.catalog.tools().find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(Object.keys(tool?.inputSchema ?? {})).not.toContain("dataset");
      const refused = await tools.call(name, {
        organizationSlug: "acme",
        limit: 3,
        dataset: other,
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/unknown argument "dataset"/);
    },
  );
});
