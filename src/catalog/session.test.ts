import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../tools/define.js";
import type { AnyTool } from "../tools/types.js";
import { inputJsonSchema, prepareArguments, sessionTools, unavailableReason } from "./session.js";

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
