import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../tools/define.js";
import type { AnyTool } from "../tools/types.js";
import { grantHint } from "./grant-hint.js";
import {
  inputJsonSchema,
  prepareArguments,
  prepareCall,
  sessionTools,
  unavailableReason,
} from "./session.js";

const base = {
  description: "A test tool that does one thing.",
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  requiredScopes: [],
  handler: async () => "ok",
} as const;

const reader = defineTool({
  ...base,
  name: "reader",
  title: "Reader",
  skills: ["inspect"],
  inputSchema: {
    organizationSlug: z.string(),
    projectSlug: z.string().optional(),
    n: z.number().int().default(1),
  },
});
const writer = defineTool({
  ...base,
  name: "writer",
  title: "Writer",
  skills: ["triage"],
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  inputSchema: {},
});
const orgList = defineTool({
  ...base,
  name: "orgs",
  title: "Orgs",
  skills: ["inspect"],
  hideWhenPinned: "organization",
  inputSchema: {},
});
const projList = defineTool({
  ...base,
  name: "projs",
  title: "Projs",
  skills: ["inspect"],
  hideWhenPinned: "project",
  inputSchema: { organizationSlug: z.string() },
});
const profiler = defineTool({
  ...base,
  name: "prof",
  title: "Prof",
  skills: ["inspect"],
  requiredCapabilities: ["profiles"],
  inputSchema: {},
});
const exp = defineTool({
  ...base,
  name: "exp",
  title: "Exp",
  skills: ["inspect"],
  experimental: true,
  inputSchema: {},
});
const old = defineTool({
  ...base,
  name: "old",
  title: "Old",
  skills: ["inspect"],
  hideInExperimentalMode: true,
  inputSchema: {},
});
const ALL: AnyTool[] = [reader, writer, orgList, projList, profiler, exp, old];

const policy = {
  skills: ["inspect", "triage"] as const,
  readOnly: false,
  experimental: false,
  constraints: {},
};
const names = (p: Parameters<typeof sessionTools>[1]) => sessionTools(ALL, p).map((t) => t.name);

describe("session filters", () => {
  it("skills decide", () => {
    expect(names({ ...policy, skills: ["inspect"] })).not.toContain("writer");
    expect(names(policy)).toContain("writer");
    expect(unavailableReason(writer, { ...policy, skills: ["inspect"] })).toMatch(/triage skill/);
  });
  it("read-only beats skills", () => {
    expect(names({ ...policy, readOnly: true })).not.toContain("writer");
  });
  it("pins hide moot tools", () => {
    expect(names({ ...policy, constraints: { organizationSlug: "acme" } })).not.toContain("orgs");
    expect(names({ ...policy, constraints: { organizationSlug: "acme" } })).toContain("projs");
    expect(
      names({ ...policy, constraints: { organizationSlug: "acme", projectSlug: "web" } }),
    ).not.toContain("projs");
  });
  it("capabilities hide tools only when known", () => {
    expect(names(policy)).toContain("prof");
    expect(names({ ...policy, capabilities: new Set() })).not.toContain("prof");
    expect(names({ ...policy, capabilities: new Set(["profiles"] as const) })).toContain("prof");
  });
  it("experimental mode", () => {
    expect(names(policy)).toEqual(expect.arrayContaining(["old"]));
    expect(names(policy)).not.toContain("exp");
    expect(names({ ...policy, experimental: true })).toContain("exp");
    expect(names({ ...policy, experimental: true })).not.toContain("old");
  });
});

describe("pins in schemas and arguments", () => {
  const pinned = { organizationSlug: "acme", projectSlug: "web" };
  it("pinned parameters vanish from the schema", () => {
    const schema = inputJsonSchema(reader, pinned) as {
      properties: Record<string, unknown>;
      required?: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["n"]);
    expect(schema.required ?? []).not.toContain("organizationSlug");
  });
  it("pins are injected and cannot be overridden", () => {
    expect(prepareArguments(reader, {}, pinned)).toEqual({
      organizationSlug: "acme",
      projectSlug: "web",
      n: 1,
    });
    expect(prepareArguments(reader, { organizationSlug: "acme" }, pinned)).toMatchObject({
      organizationSlug: "acme",
    });
    expect(() => prepareArguments(reader, { organizationSlug: "other" }, pinned)).toThrow(
      /pinned to organization "acme"/,
    );
    expect(() => prepareArguments(reader, { projectSlug: "api" }, pinned)).toThrow(
      /pinned to project "web"/,
    );
  });
  it("invalid arguments name the parameter", () => {
    expect(() => prepareArguments(reader, { organizationSlug: 3 }, {})).toThrow(
      /Invalid arguments for reader: organizationSlug: /,
    );
    expect(() => prepareArguments(reader, { organizationSlug: "a", n: 1.5 }, {})).toThrow(/n: /);
    expect(() => prepareArguments(reader, "nope", {})).toThrow(/expected an object/);
  });
});

describe("arguments the tool does not know, null and regionUrl", () => {
  const renamed = defineTool({
    ...base,
    name: "renamed",
    title: "Renamed",
    skills: ["inspect"],
    aliases: { oldName: "name" },
    inputSchema: { name: z.string(), note: z.string().nullable().optional() },
  });
  it("refuses an unknown argument by name and lists the parameters the session shows", () => {
    expect(() => prepareArguments(reader, { organizationSlug: "a", nn: 2 }, {})).toThrow(
      'Invalid arguments for reader: unknown argument "nn". Its parameters: organizationSlug, projectSlug, n.',
    );
    expect(() => prepareArguments(reader, { x: 1, y: 2 }, { organizationSlug: "acme" })).toThrow(
      'unknown arguments "x", "y". Its parameters: projectSlug, n.',
    );
    // inherited names are not parameters either
    expect(() =>
      prepareArguments(
        reader,
        JSON.parse('{"organizationSlug":"a","valueOf":null,"__proto__":1}'),
        {},
      ),
    ).toThrow('unknown arguments "valueOf", "__proto__".');
    expect(() => prepareArguments(writer, { force: true }, {})).toThrow(
      'Invalid arguments for writer: unknown argument "force". It takes no parameters.',
    );
  });
  it("a pinned parameter passed explicitly is known, not refused", () => {
    const pinned = { organizationSlug: "acme", projectSlug: "web" };
    expect(
      prepareArguments(reader, { organizationSlug: "acme", projectSlug: "web" }, pinned),
    ).toEqual({ organizationSlug: "acme", projectSlug: "web", n: 1 });
    expect(prepareArguments(reader, { organizationSlug: null }, pinned)).toMatchObject({
      organizationSlug: "acme",
    });
  });
  it("null on an optional parameter means not given: defaults apply", () => {
    expect(
      prepareArguments(reader, { organizationSlug: "a", projectSlug: null, n: null }, {}),
    ).toEqual({ organizationSlug: "a", n: 1 });
    // a schema that takes null itself keeps it
    expect(prepareArguments(renamed, { name: "x", note: null }, {})).toEqual({
      name: "x",
      note: null,
    });
  });
  it("null on a required parameter stays an error", () => {
    expect(() => prepareArguments(reader, { organizationSlug: null }, {})).toThrow(
      /Invalid arguments for reader: organizationSlug: /,
    );
  });
  it("regionUrl is taken on every tool, not listed, and returned beside the parameters", () => {
    expect(
      prepareCall(reader, { organizationSlug: "a", regionUrl: "https://de.sentry.io" }, {}),
    ).toEqual({
      params: { organizationSlug: "a", n: 1 },
      regionUrl: "https://de.sentry.io",
    });
    for (const empty of [null, "", "  "])
      expect(prepareCall(writer, { regionUrl: empty }, {})).toEqual({ params: {} });
    expect(() => prepareCall(writer, { regionUrl: 5 }, {})).toThrow(/regionUrl: expected a URL/);
    const listed = inputJsonSchema(reader, {}) as { properties: Record<string, unknown> };
    expect(Object.keys(listed.properties)).not.toContain("regionUrl");
  });
  it("old names in aliases are renamed, never listed, and cannot be doubled", () => {
    expect(prepareArguments(renamed, { oldName: "x" }, {})).toEqual({ name: "x" });
    expect(() => prepareArguments(renamed, { oldName: "x", name: "y" }, {})).toThrow(
      /pass name, not both name and oldName/,
    );
    const listed = inputJsonSchema(renamed, {}) as { properties: Record<string, unknown> };
    expect(Object.keys(listed.properties)).toEqual(["name", "note"]);
  });
});

describe("a refusal for a missing skill says how to grant it in this transport", () => {
  it("stdio: the flag and the env var with the current skills plus the missing one", () => {
    expect(unavailableReason(writer, { ...policy, skills: ["inspect", "seer"] })).toBe(
      "needs the triage skill (grant it with --skills=inspect,seer,triage or MCP_SKILLS=inspect,seer,triage)",
    );
  });
  it("remote: ?skills= on the MCP URL or the consent page", () => {
    expect(unavailableReason(writer, { ...policy, skills: ["inspect"], transport: "http" })).toBe(
      "needs the triage skill (add ?skills=inspect,triage to the MCP URL, or re-authorize on the consent page and grant triage)",
    );
    expect(grantHint("seer", ["seer"], "stdio")).toBe(
      "grant it with --skills=seer or MCP_SKILLS=seer",
    );
  });
});

describe("the listed input schema carries no keywords a model does not need", () => {
  const noisy = defineTool({
    ...base,
    name: "noisy",
    title: "Noisy",
    skills: ["inspect"],
    inputSchema: {
      slug: z
        .string()
        .min(1)
        .max(50)
        .regex(/^[a-z]+$/),
      verbose: z.boolean().default(false),
      args: z.record(z.string(), z.unknown()).default({}),
      limit: z.number().int().min(1).max(100).default(10),
    },
  });
  it("drops $schema, additionalProperties, lengths, patterns, string key names and empty defaults", () => {
    expect(inputJsonSchema(noisy, {})).toEqual({
      type: "object",
      properties: {
        slug: { type: "string" },
        verbose: { type: "boolean" },
        args: { type: "object" },
        limit: { default: 10, type: "integer", minimum: 1, maximum: 100 },
      },
      required: ["slug"],
    });
  });
});
