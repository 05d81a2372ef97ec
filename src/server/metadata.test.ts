import { existsSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { checkStructuredOutput } from "../../test/harness.js";
import { ALL_TOOLS } from "../catalog/index.js";
import { DIRECT_TOOL_NAMES } from "../catalog/surface.js";
import { defaultConfig } from "../config.js";
import { SKILLS } from "../tools/types.js";
import {
  buildServer,
  MAX_SERVER_INSTRUCTIONS_LENGTH,
  MAX_TOOL_DESCRIPTION_LENGTH,
} from "./build-server.js";
import { createClient } from "./session.js";

/**
 * Tools that answer in markdown by design, with the reason. Every other tool declares an
 * outputSchema. An entry fails once its tool gains a schema.
 */
const OUTPUT_SCHEMA_EXEMPT: Record<string, string> = {
  search_issues: "a ranked list read by the model; markdown is denser than JSON",
  get_issue_details:
    "stable sessions: a long narrative (stack trace, context) whose value is the rendered text; experimental sessions list its experimentalOutputSchema",
  get_event_stacktrace: "every frame and thread rendered as source-annotated text",
  get_issue_breadcrumbs: "a timeline of breadcrumbs, one dense line each",
  search_issue_events: "one dense line per event, like search_issues",
  get_event_attachment: "an attachment list, or the file itself (text or MCP image content)",
  get_sentry_resource:
    "dispatches to the matching tool: its markdown, or a structured answer as JSON text only; in experimental sessions an issue or event answers structured like get_issue_details (harness UNLISTED_OUTPUT)",
  execute_sentry_tool: "returns the inner tool's result unchanged, structured or not",
  search_events:
    "a table with formatted units: at 10 rows no more tokens than JSON rows, 16% fewer at 50",
  // issue 21: search_events locked to one dataset, same answer
  ...Object.fromEntries(
    [
      "search_errors",
      "search_logs",
      "search_traces",
      "search_metrics",
      "search_profiles",
      "search_replays",
    ].map((name) => [name, "search_events locked to one dataset: the same table"]),
  ),
  get_trace_details: "a condensed span tree with collapsed repeats; the tree is the product",
  get_span_details: "one span's attributes, parent and grouped children as readable sections",
  find_releases: "one dense line per release, like search_issues",
  get_release_details: "health, deploys, commits and new issues as a readable report",
  get_replay_details: "a session narrative (pages, errors, clicks) rendered from the recording",
  search_ai_conversations: "recorded AI messages must be quoted as code, which JSON cannot mark",
  get_ai_conversation_details: "a turn-by-turn transcript with recorded messages fenced as data",
  search_agent_conversations: "recorded AI messages must be quoted as code, which JSON cannot mark",
  get_agent_conversation_details: "a turn-by-turn transcript with recorded messages fenced as data",
  get_snapshot: "changed images grouped by status, one line each, with diff percentages",
  get_snapshot_image: "MCP image content (head, base, diff mask) with a short caption",
  get_latest_base_snapshot: "a list of image names grouped by folder, read by the model",
  onboarding_status_update: "a one-line acknowledgement of a progress update",
  find_alert_rules: "rule configurations in words (conditions, thresholds, targets) for the model",
  get_alert_rule: "one rule's triggers, filters and actions rendered as readable sections",
  get_metric_monitor_details: "a monitor's query, thresholds and notifications in words",
  find_metric_monitors: "each monitor's query and thresholds in words, like find_alert_rules",
  find_custom_inbound_filters:
    "each filter's conditions in words: what the project drops at ingest",
  find_monitors: "schedules and environment states in words; the raw config is not the product",
  get_monitor_details: "schedule, environments, check-in history and stats as a readable report",
  find_dashboards: "a short list of dashboards read by the model",
  get_dashboard_details: "each widget's query described in words",
  get_doc: "a documentation page, which is markdown already",
  analyze_issue_with_seer:
    "Seer's root cause and fix as readable sections, labelled as Seer's output",
};

/**
 * Tools whose outputSchema has not landed yet, with where it will (the PR or issue). An entry
 * fails once its tool has a schema, so the change that adds one also deletes the entry.
 */
const OUTPUT_SCHEMA_PENDING: Record<string, string> = {};

/**
 * The `_meta` keys a tool may export, per tool, each with the client that reads it. Add a key
 * here (with its reader) before a tool exports it.
 */
const ALLOWED_TOOL_META: Record<string, Record<string, string>> = {};

const TOOLS_DIR = new URL("../tools/", import.meta.url);

/** `<name>*.test.ts` next to the tool (names use dashes in files). */
function ownTestFiles(name: string): string[] {
  const base = name.replaceAll("_", "-");
  return [`${base}.test.ts`].filter((file) => existsSync(new URL(file, TOOLS_DIR)));
}

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

async function listed(experimental: boolean) {
  const config = defaultConfig({ sentryUrl: "http://127.0.0.1:9", accessToken: "t" });
  const server = buildServer({
    client: createClient(config, "t"),
    responseBudget: config.responseBudget,
    policy: { skills: [...SKILLS], readOnly: false, experimental, constraints: {} },
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "lint", version: "1" });
  await server.connect(b);
  await client.connect(a);
  const tools = (await client.listTools()).tools;
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  await client.close();
  return { tools, info, instructions };
}

describe.each([false, true])("metadata (experimental=%s)", (experimental) => {
  it("serverInfo and instructions", async () => {
    const { info, instructions } = await listed(experimental);
    expect(info?.name).toBe("Sentry MCP");
    expect(info?.title).toBeTruthy();
    expect(info?.description).toBeTruthy();
    expect(info?.websiteUrl).toMatch(/^https:\/\//);
    expect(info?.icons?.every((i) => i.src.startsWith("https://"))).toBe(true);
    expect(instructions?.length).toBeGreaterThan(0);
    expect(instructions!.length).toBeLessThanOrEqual(MAX_SERVER_INSTRUCTIONS_LENGTH);
  });

  it("listed tools are well-formed and only the direct surface", async () => {
    const { tools } = await listed(experimental);
    expect(tools.length).toBeLessThanOrEqual(10);
    for (const tool of tools) {
      expect(DIRECT_TOOL_NAMES).toContain(tool.name);
      expect(tool.inputSchema.type).toBe("object");
      expect(
        (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport,
      ).toBeUndefined();
      expect(tool.annotations?.readOnlyHint).toBeTypeOf("boolean");
      expect(tool.annotations?.destructiveHint).toBeTypeOf("boolean");
      expect(tool.annotations?.openWorldHint).toBeTypeOf("boolean");
      const allowed = ALLOWED_TOOL_META[tool.name] ?? {};
      for (const key of Object.keys(tool._meta ?? {}))
        expect(
          allowed[key],
          `${tool.name} exports _meta.${key}; list it in ALLOWED_TOOL_META`,
        ).toBeTruthy();
    }
  });
});

describe("catalog metadata", () => {
  it("every tool: name pattern, unique title, explicit hints, bounded description", () => {
    const titles = new Set<string>();
    const names = new Set<string>();
    for (const tool of ALL_TOOLS) {
      expect(tool.name).toMatch(NAME);
      expect(names.has(tool.name), `duplicate name ${tool.name}`).toBe(false);
      names.add(tool.name);
      expect(tool.title.trim(), tool.name).not.toBe("");
      expect(titles.has(tool.title), `duplicate title ${tool.title}`).toBe(false);
      titles.add(tool.title);
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      expect(tool.description.length, tool.name).toBeLessThanOrEqual(MAX_TOOL_DESCRIPTION_LENGTH);
      for (const hint of ["readOnlyHint", "destructiveHint", "openWorldHint"] as const) {
        expect(typeof tool.annotations[hint], `${tool.name}.${hint}`).toBe("boolean");
      }
      if (tool.annotations.readOnlyHint)
        expect(tool.annotations.destructiveHint, tool.name).toBe(false);
    }
  });

  it("every tool has an outputSchema or a reasoned exemption or pending entry", () => {
    for (const tool of ALL_TOOLS) {
      const skip = OUTPUT_SCHEMA_EXEMPT[tool.name] ?? OUTPUT_SCHEMA_PENDING[tool.name];
      if (tool.outputSchema) {
        expect(skip, `${tool.name} has a schema; drop its exemption or pending entry`).toBe(
          undefined,
        );
      } else {
        expect(
          skip,
          `${tool.name} needs an outputSchema, an exemption or a pending entry`,
        ).toBeTruthy();
      }
    }
    for (const name of [...Object.keys(OUTPUT_SCHEMA_PENDING), ...Object.keys(ALLOWED_TOOL_META)])
      expect(
        ALL_TOOLS.some((t) => t.name === name),
        `${name} is not a tool`,
      ).toBe(true);
  });

  it("every tool with an outputSchema has its own test file that reads structuredContent", () => {
    for (const tool of ALL_TOOLS.filter((t) => t.outputSchema ?? t.experimentalOutputSchema)) {
      const files = ownTestFiles(tool.name);
      expect(
        files.length,
        `${tool.name} needs src/tools/${tool.name.replaceAll("_", "-")}.test.ts`,
      ).toBe(1);
      const text = readFileSync(new URL(files[0]!, TOOLS_DIR), "utf8");
      expect(text, `${files[0]} must read ${tool.name}'s structuredContent`).toMatch(
        /structuredContent|\.structured\(/,
      );
    }
  });

  it("the structured-output guard around every test call catches a broken result", () => {
    const ok = { content: [{ type: "text" as const, text: "{}" }] };
    expect(() => checkStructuredOutput("whoami", {}, ok)).toThrow(/returned no structuredContent/);
    expect(() =>
      checkStructuredOutput("whoami", {}, { ...ok, structuredContent: { id: 7 } }),
    ).toThrow(/breaks its outputSchema/);
    expect(() =>
      checkStructuredOutput("get_doc", {}, { ...ok, structuredContent: { page: "x" } }),
    ).toThrow(/has no outputSchema but returned structuredContent/);
    expect(() =>
      checkStructuredOutput(
        "execute_sentry_tool",
        { name: "whoami", arguments: {} },
        { ...ok, isError: false },
      ),
    ).toThrow(/whoami declares an outputSchema/);
    expect(() =>
      checkStructuredOutput(
        "execute_sentry_tool",
        { name: "whoami", arguments: {} },
        { ...ok, isError: false },
      ),
    ).toThrow(/whoami declares an outputSchema/);
    expect(() => checkStructuredOutput("whoami", {}, { ...ok, isError: true })).not.toThrow();
    // Experimental schemas bind only experimental sessions.
    expect(() => checkStructuredOutput("get_issue_details", {}, ok)).not.toThrow();
    expect(() => checkStructuredOutput("get_issue_details", {}, ok, true)).toThrow(
      /returned no structuredContent/,
    );
    expect(() =>
      checkStructuredOutput("get_sentry_resource", {}, { ...ok, structuredContent: {} }),
    ).toThrow(/has no outputSchema but returned structuredContent/);
    expect(() =>
      checkStructuredOutput("get_sentry_resource", {}, { ...ok, structuredContent: {} }, true),
    ).toThrow(/breaks its outputSchema/);
  });

  it("an experimental outputSchema is listed only in experimental sessions", async () => {
    const stable = (await listed(false)).tools.find((t) => t.name === "get_issue_details");
    const experimental = (await listed(true)).tools.find((t) => t.name === "get_issue_details");
    expect(stable?.outputSchema).toBeUndefined();
    expect(Object.keys(experimental?.outputSchema?.properties ?? {})).toEqual([
      "issue",
      "event",
      "suspectCommit",
      "details",
    ]);
  });

  it("every direct tool exists in the catalog", () => {
    const names = new Set(ALL_TOOLS.map((t) => t.name));
    for (const name of DIRECT_TOOL_NAMES) expect(names.has(name), name).toBe(true);
  });
});
