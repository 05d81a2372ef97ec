/**
 * Shared driver for the contract tests with the incumbent's tools added after 0.39
 * (`test/contract-incumbent-042*.test.ts`). Each area has its own fixture
 * (`test/fixtures/incumbent-0.42-*.json` or the original `incumbent-tools-0.42-new.json`, facts read
 * from the incumbent's source: names, skills, annotations and input JSON Schemas) and its own
 * probes: one call per property (per enum value / union branch where it matters) that must
 * visibly reach the handler or the upstream request through the real dispatcher and sandbox.
 * `regionUrl` is accepted and not listed: the client routes each organization itself.
 */

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { ALL_TOOLS } from "../../src/catalog/index.js";
import { startTestSandbox, toolCaller } from "../harness.js";
import { recordingFetch, type SentRequest, textOf } from "../write-helpers.js";

export interface FixtureTool {
  name: string;
  skills: string[];
  annotations: { readOnlyHint: boolean; destructiveHint: boolean };
  inputSchema: { properties: Record<string, unknown>; required?: string[] };
}

export interface Probe {
  /** what is probed, e.g. `fields (number branch)`: the part before " (" names the property */
  label: string;
  args: Record<string, unknown>;
  /** true when the value visibly reached the handler or the upstream request */
  reached(sent: SentRequest[], text: string): boolean;
}

/** Properties the incumbent has and this server accepts without a schema entry (see above). */
const ROUTED_ELSEWHERE = new Set(["regionUrl"]);

export function loadFixture(fileUrl: URL): { version: string; tools: FixtureTool[] } {
  return JSON.parse(readFileSync(fileUrl, "utf8"));
}

/** The first non-GET request: the write a probe is about. */
export const writeOf = (sent: SentRequest[]) => sent.find((r) => r.method !== "GET");

/**
 * Declares the contract tests for one fixture. `probes` gets the running sandbox (for seeding
 * state a probe needs) and returns each tool's probes.
 */
export function describeIncumbentTools(
  fixtureUrl: URL,
  probes: (sandbox: Sandbox) => Record<string, () => Probe[]>,
): void {
  const fixture = loadFixture(fixtureUrl);
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  describe(`incumbent ${fixture.version} tools added after 0.39`, () => {
    it("exist here with the same skills and safety annotations, and every property", () => {
      for (const want of fixture.tools) {
        const ours = ALL_TOOLS.find((t) => t.name === want.name);
        expect(ours, want.name).toBeDefined();
        expect([...ours!.skills].sort(), want.name).toEqual([...want.skills].sort());
        expect(ours!.annotations.readOnlyHint, want.name).toBe(want.annotations.readOnlyHint);
        expect(ours!.annotations.destructiveHint, want.name).toBe(want.annotations.destructiveHint);
        for (const prop of Object.keys(want.inputSchema.properties)) {
          if (ROUTED_ELSEWHERE.has(prop)) continue;
          expect(Object.keys(ours!.inputSchema), `${want.name}.${prop}`).toContain(prop);
        }
        for (const prop of want.inputSchema.required ?? []) {
          const schema = ours!.inputSchema[prop] as unknown as {
            safeParse(v: unknown): { success: boolean };
          };
          expect(schema.safeParse(undefined).success, `${want.name}.${prop} required`).toBe(false);
        }
      }
    });

    for (const want of fixture.tools) {
      it(`${want.name}: each property's valid values reach Sentry through the dispatcher`, async () => {
        const toolProbes = probes(sandbox)[want.name];
        expect(toolProbes, `${want.name} has probes`).toBeDefined();
        const list = toolProbes();
        const probed = new Set(list.map((p) => p.label.replace(/ \(.*\)$/, "")));
        for (const prop of Object.keys(want.inputSchema.properties)) {
          expect(probed, `${want.name}.${prop} has a probe`).toContain(prop);
        }
        for (const probe of list) {
          const rec = recordingFetch();
          // A string regionUrl must be allow-listed: with the sandbox as this server's Sentry host
          // that is the sandbox's own origin (https://*.sentry.io only when the host is sentry.io).
          const args =
            typeof probe.args.regionUrl === "string"
              ? { ...probe.args, regionUrl: sandbox.url }
              : probe.args;
          const result = await toolCaller(sandbox, { fetch: rec.fetch }).call(want.name, args);
          const text = textOf(result);
          expect(result.isError, `${want.name} ${probe.label}: ${text}`).toBeFalsy();
          expect(
            probe.reached(rec.sent, text),
            `${want.name} ${probe.label}: ${JSON.stringify(rec.sent)}`,
          ).toBe(true);
        }
      });
    }
  });
}
