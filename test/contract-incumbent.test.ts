/**
 * The incumbent's tool contract as a floor: every call valid against @sentry/mcp-server@0.39.0's
 * input schemas (test/fixtures/incumbent-tools-0.39.0.json) goes through our real dispatcher
 * (createSessionCatalog: unknown-argument refusal, null handling, regionUrl, pins, validation)
 * and its value must reach the tool's handler, which is replaced by a spy so no request is made.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ALL_TOOLS } from "../src/catalog/index.js";
import { inputJsonSchema } from "../src/catalog/session.js";
import { defaultConfig } from "../src/config.js";
import { callRegion } from "../src/sentry-api/retry.js";
import { createSessionCatalog } from "../src/server/build-server.js";
import { createClient } from "../src/server/session.js";
import { type AnyTool, SKILLS, type ToolContext } from "../src/tools/types.js";
import { type ContractCase, casesOf, type IncumbentTool } from "./contract/incumbent-cases.js";
import { BEHAVIOUR_PREFIX, DELIBERATE_DIFFERENCES } from "./contract/incumbent-differences.js";

const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/incumbent-tools-0.39.0.json", import.meta.url), "utf8"),
) as { version: string; tools: IncumbentTool[] };

interface Seen {
  params: Record<string, unknown>;
  region?: string;
}
/** What the handlers of one call were given, outermost first (execute_sentry_tool, then its tool). */
let seen: Seen[] = [];

/**
 * Our tools with spy handlers: they record what they were given and answer nothing. The meta
 * tools record and then run for real, so execute_sentry_tool reaches the spy it names.
 */
const SPIES: AnyTool[] = ALL_TOOLS.map((tool) => ({
  ...tool,
  outputSchema: undefined,
  async handler(params: Record<string, unknown>, ctx: ToolContext) {
    const org = params.organizationSlug;
    seen.push({ params, region: typeof org === "string" ? callRegion(org) : undefined });
    return tool.meta ? tool.handler(params, ctx) : "ok";
  },
}));

const client = createClient(defaultConfig(), "contract-test-token");
function catalogFor(experimental: boolean) {
  return createSessionCatalog({
    client,
    tools: SPIES,
    responseBudget: 10_000,
    policy: { skills: [...SKILLS], readOnly: false, experimental, constraints: {} },
  });
}
const CATALOGS = { plain: catalogFor(false), experimental: catalogFor(true) };

function ctxFor(catalog: ReturnType<typeof catalogFor>): ToolContext {
  return {
    client,
    constraints: {},
    signal: new AbortController().signal,
    responseBudget: 10_000,
    experimental: false,
    catalog,
    canCall: () => true,
    isDirect: () => false,
    progress: async () => {},
  };
}

async function dispatch(
  c: Pick<ContractCase, "tool" | "args">,
): Promise<{ seen?: Seen; inner?: Seen; error?: string }> {
  const ours = ALL_TOOLS.find((t) => t.name === c.tool);
  const catalog = ours?.experimental ? CATALOGS.experimental : CATALOGS.plain;
  seen = [];
  const result = await catalog.call(c.tool, c.args, ctxFor(catalog));
  const error = result.isError
    ? result.content.map((b) => (b.type === "text" ? b.text : "")).join("")
    : undefined;
  return { seen: seen[0], inner: seen[1], error };
}

/** The handler got the value: as given, trimmed, or as the one-item list a list param takes. */
function reached(got: unknown, value: unknown): boolean {
  if (isDeepStrictEqual(got, value)) return true;
  if (typeof value === "string" && typeof got === "string") return got === value.trim();
  if (typeof value === "number" && typeof got === "string") return got === String(value);
  if (Array.isArray(got) && !Array.isArray(value)) return isDeepStrictEqual(got, [value]);
  return false;
}

/** Why a case is not taken as the incumbent takes it, or undefined when it is. */
async function problem(c: ContractCase, base: Seen | undefined): Promise<string | undefined> {
  if (!ALL_TOOLS.some((t) => t.name === c.tool)) return "the tool is missing";
  const out = await dispatch(c);
  if (!out.seen) return `refused: ${out.error}`;
  if (c.param === undefined) return undefined;
  const { params, region } = out.seen;
  if (c.value === null) {
    // A parameter whose own schema takes null (update_uptime_monitor's owner, environment,
    // body) means "clear" by null, as for the incumbent: the null must reach the handler.
    const ownSchema = ALL_TOOLS.find((t) => t.name === c.tool)?.inputSchema[c.param] as
      | z.ZodType
      | undefined;
    if (ownSchema?.safeParse(null).success)
      return params[c.param] === null ? undefined : `null did not reach the handler as null`;
    return isDeepStrictEqual(params[c.param], base?.params[c.param])
      ? undefined
      : `null did not mean "not given": ${c.param}=${JSON.stringify(params[c.param])}`;
  }
  if (c.param === "regionUrl" && !(c.param in params)) {
    if (typeof params.organizationSlug !== "string") return undefined;
    return region === c.value ? undefined : `regionUrl did not route (${region})`;
  }
  if (!(c.param in params)) return `${c.param} did not reach the handler`;
  return reached(params[c.param], c.value)
    ? undefined
    : `${c.param} reached the handler as ${JSON.stringify(params[c.param])}`;
}

/** An entry covers a case when it names it, its parameter or its tool (`*` for any tool). */
function covers(entry: string, id: string): boolean {
  const wild = /^(listed:)?\*\.(.+)$/.exec(entry);
  if (wild) return id.startsWith(wild[1] ?? "") && id.endsWith(`.${wild[2]}`);
  return id === entry || [".", "=", ":"].some((sep) => id.startsWith(entry + sep));
}

/** `listed:tool.param` for each incumbent parameter our tools/list does not show. */
function unlistedParams(): string[] {
  const out: string[] = [];
  for (const tool of fixture.tools) {
    const ours = ALL_TOOLS.find((t) => t.name === tool.name);
    if (!ours) continue;
    const listed = inputJsonSchema(ours, {}) as { properties?: Record<string, unknown> };
    for (const param of Object.keys(tool.inputSchema.properties))
      if (!(param in (listed.properties ?? {}))) out.push(`listed:${tool.name}.${param}`);
  }
  return out;
}

describe(`the incumbent's tool contract (@sentry/mcp-server@${fixture.version})`, () => {
  it("holds every tool and case, except the listed differences, and the lists hold nothing stale", async () => {
    const allowed = Object.keys(DELIBERATE_DIFFERENCES).filter(
      (k) => !k.startsWith(BEHAVIOUR_PREFIX),
    );
    const used = new Set<string>();
    const unlisted: string[] = [];
    let count = 0;
    for (const tool of fixture.tools) {
      const cases = casesOf(tool);
      const exists = ALL_TOOLS.some((t) => t.name === tool.name);
      const base = exists ? (await dispatch(cases[0])).seen : undefined;
      for (const c of exists ? cases : [{ id: tool.name, tool: tool.name, args: {} }]) {
        count++;
        const why = await problem(c, base);
        if (!why) continue;
        const entry = allowed.find((e) => covers(e, c.id));
        if (entry) used.add(entry);
        else unlisted.push(`${c.id}: ${why}`);
      }
    }
    // One name per parameter in what we list: the incumbent's.
    for (const id of unlistedParams()) {
      count++;
      const entry = allowed.find((e) => covers(e, id));
      if (entry) used.add(entry);
      else unlisted.push(`${id}: not in our tools/list schema`);
    }
    expect(count).toBeGreaterThan(400);
    expect(unlisted, "calls valid for the incumbent that we do not take").toEqual([]);
    expect(
      allowed.filter((e) => !used.has(e)),
      "entries no case needs any more: remove them",
    ).toEqual([]);
  });

  it("makes only calls that are valid for the incumbent (patterns, formats, unions)", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const invalid: string[] = [];
    for (const tool of fixture.tools) {
      const validate = ajv.compile(tool.inputSchema);
      for (const c of casesOf(tool))
        if (!validate(c.args)) invalid.push(`${c.id}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(invalid).toEqual([]);
  });

  it("names an incumbent tool and parameter in every behaviour difference", () => {
    for (const key of Object.keys(DELIBERATE_DIFFERENCES)) {
      if (!key.startsWith(BEHAVIOUR_PREFIX)) continue;
      const [tool, param] = key.slice(BEHAVIOUR_PREFIX.length).split(".");
      const props = fixture.tools.find((t) => t.name === tool)?.inputSchema.properties ?? {};
      expect(Object.keys(props), key).toContain(param);
    }
  });

  it("mirrors every deliberate difference in the README's switching section", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const section = readme.split("## Switching from @sentry/mcp-server")[1]?.split("\n## ")[0];
    for (const key of Object.keys(DELIBERATE_DIFFERENCES)) {
      const [, tool, param] = /^(?:listed:|behaviour:)?([^.]+)\.([A-Za-z]+)/.exec(key) ?? [];
      if (tool !== "*") expect(section, key).toContain(`\`${tool}\``);
      expect(section, key).toContain(`\`${param}\``);
    }
  });

  it("lists no deliberate difference without a reason", () => {
    for (const [key, reason] of Object.entries(DELIBERATE_DIFFERENCES))
      expect(reason.length, key).toBeGreaterThan(20);
  });

  it("refuses an argument the incumbent never had, by name, with the parameters", async () => {
    const out = await dispatch({
      tool: "find_teams",
      args: { organizationSlug: "acme", teamName: "web" },
    });
    expect(out.error).toBe(
      'Input error: Invalid arguments for find_teams: unknown argument "teamName". Its parameters: organizationSlug, query, cursor.',
    );
  });

  it("routes with an allow-listed regionUrl and refuses another, naming the field", async () => {
    const ok = await dispatch({
      tool: "find_teams",
      args: { organizationSlug: "acme", regionUrl: "https://de.sentry.io" },
    });
    expect(ok.seen?.region).toBe("https://de.sentry.io");
    const bad = await dispatch({
      tool: "find_teams",
      args: { organizationSlug: "acme", regionUrl: "https://attacker.example" },
    });
    expect(bad.error).toMatch(/^Input error: Invalid regionUrl "https:\/\/attacker\.example"/);
  });

  it("takes execute_sentry_tool's name and arguments and reaches the inner tool", async () => {
    const out = await dispatch({
      tool: "execute_sentry_tool",
      args: { name: "find_teams", arguments: { organizationSlug: "acme", query: null } },
    });
    expect(out.error).toBeUndefined();
    expect(out.inner?.params).toEqual({ organizationSlug: "acme" });
    const old = await dispatch({
      tool: "execute_sentry_tool",
      args: { toolName: "find_teams", arguments: { organizationSlug: "acme", team: "x" } },
    });
    expect(old.error).toBe(
      'Input error: Invalid arguments for find_teams: unknown argument "team". Its parameters: organizationSlug, query, cursor.',
    );
  });
});

describe("our own parameter names from before 0.39.0 parity", () => {
  it("are still taken where the meaning is the same, renamed to the incumbent's, never listed", async () => {
    const out = await dispatch({
      tool: "get_dashboard_details",
      args: { organizationSlug: "acme", dashboardId: "42" },
    });
    expect(out.seen?.params).toEqual({ organizationSlug: "acme", dashboardIdOrTitle: "42" });
    const inner = await dispatch({
      tool: "execute_sentry_tool",
      args: {
        name: "get_release_details",
        arguments: { organizationSlug: "acme", version: "backend@1.2.3", projectSlug: "backend" },
      },
    });
    expect(inner.inner?.params).toMatchObject({
      releaseVersion: "backend@1.2.3",
      projectSlugOrId: "backend",
    });
    for (const tool of ALL_TOOLS)
      for (const [old, current] of Object.entries(tool.aliases ?? {})) {
        expect(Object.keys(tool.inputSchema), `${tool.name}.${current}`).toContain(current);
        const listed = inputJsonSchema(tool, {}) as { properties?: Record<string, unknown> };
        expect(Object.keys(listed.properties ?? {}), `${tool.name}.${old}`).not.toContain(old);
      }
  });

  it("are refused by name where the shape changed (update_dsn's rateLimit)", async () => {
    const out = await dispatch({
      tool: "update_dsn",
      args: {
        organizationSlug: "acme",
        projectSlug: "backend",
        keyId: "0123456789abcdef0123456789abcdef",
        rateLimit: { count: 10, window: 60 },
      },
    });
    expect(out.error).toMatch(
      /^Input error: Invalid arguments for update_dsn: unknown argument "rateLimit"\. Its parameters: organizationSlug, projectSlug, keyId, name, isActive, rateLimitWindow, rateLimitCount, disableRateLimit,/,
    );
  });
});
