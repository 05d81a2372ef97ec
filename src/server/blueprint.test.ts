import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "../catalog/index.js";
import type { SessionPolicy } from "../catalog/session.js";
import { DIRECT_TOOL_NAMES } from "../catalog/surface.js";
import { blueprintKey, buildBlueprint, createBlueprintCache } from "./blueprint.js";

const policy = (over: Partial<SessionPolicy> = {}): SessionPolicy => ({
  skills: ["inspect", "seer", "docs", "triage"],
  readOnly: false,
  experimental: false,
  transport: "http",
  constraints: {},
  ...over,
});

describe("blueprint cache", () => {
  it("shares one blueprint between sessions that differ only in pin values", () => {
    const cache = createBlueprintCache();
    const acme = cache.get(
      ALL_TOOLS,
      policy({ constraints: { organizationSlug: "acme" } }),
      DIRECT_TOOL_NAMES,
    );
    const globex = cache.get(
      ALL_TOOLS,
      policy({ constraints: { organizationSlug: "globex" } }),
      DIRECT_TOOL_NAMES,
    );
    expect(globex).toBe(acme);
    expect(cache.size).toBe(1);
    // The pin value is nowhere in what is shared.
    expect(JSON.stringify(acme.listed)).not.toContain("acme");
  });

  it("keeps apart what changes the listing: pinned or not, skills, flags, capabilities", () => {
    const cache = createBlueprintCache();
    const variants: SessionPolicy[] = [
      policy(),
      policy({ constraints: { organizationSlug: "acme" } }),
      policy({ constraints: { organizationSlug: "acme", projectSlug: "backend" } }),
      policy({
        constraints: { organizationSlug: "acme", projectSlug: "backend" },
        capabilities: new Set(["logs"]),
      }),
      policy({ skills: ["inspect"] }),
      policy({ readOnly: true }),
      policy({ experimental: true }),
    ];
    const built = variants.map((p) => cache.get(ALL_TOOLS, p, DIRECT_TOOL_NAMES));
    expect(new Set(built).size).toBe(variants.length);
    expect(new Set(variants.map((p) => blueprintKey(p, DIRECT_TOOL_NAMES))).size).toBe(
      variants.length,
    );
    const params = (i: number) =>
      Object.keys(
        (built[i].listed.find((t) => t.name === "search_issues")?.inputSchema.properties ??
          {}) as object,
      );
    expect(params(0)).toContain("organizationSlug");
    expect(params(1)).not.toContain("organizationSlug");
  });

  it("lists what a freshly built blueprint lists, and skill order does not matter", () => {
    const cache = createBlueprintCache();
    const first = cache.get(ALL_TOOLS, policy({ skills: ["docs", "inspect"] }), DIRECT_TOOL_NAMES);
    const again = cache.get(ALL_TOOLS, policy({ skills: ["inspect", "docs"] }), DIRECT_TOOL_NAMES);
    expect(again).toBe(first);
    const fresh = buildBlueprint(
      ALL_TOOLS,
      policy({ skills: ["inspect", "docs"] }),
      DIRECT_TOOL_NAMES,
    );
    expect(first.listed).toEqual(fresh.listed);
    expect(first.listedModern).toEqual(fresh.listedModern);
  });

  it("freezes what it shares, so no request can change another's listing", () => {
    const shared = createBlueprintCache().get(ALL_TOOLS, policy(), DIRECT_TOOL_NAMES);
    const tool = shared.listed[0];
    expect(() => {
      (tool as { description?: string }).description = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (tool.inputSchema.properties as Record<string, unknown>).extra = {};
    }).toThrow(TypeError);
    expect(() => (shared.available as unknown[]).push({})).toThrow(TypeError);
  });

  it("drops the least recently used entry past its bound", () => {
    const cache = createBlueprintCache(2);
    const a = cache.get(ALL_TOOLS, policy(), DIRECT_TOOL_NAMES);
    const readOnly = cache.get(ALL_TOOLS, policy({ readOnly: true }), DIRECT_TOOL_NAMES);
    expect(cache.get(ALL_TOOLS, policy(), DIRECT_TOOL_NAMES)).toBe(a);
    cache.get(ALL_TOOLS, policy({ experimental: true }), DIRECT_TOOL_NAMES);
    expect(cache.size).toBe(2);
    // The read-only one was least recently used and was dropped; the default one stayed.
    expect(cache.get(ALL_TOOLS, policy(), DIRECT_TOOL_NAMES)).toBe(a);
    expect(cache.get(ALL_TOOLS, policy({ readOnly: true }), DIRECT_TOOL_NAMES)).not.toBe(readOnly);
  });
});
