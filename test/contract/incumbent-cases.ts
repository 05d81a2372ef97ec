/**
 * The calls the contract test makes: for every tool of the incumbent's contract
 * (test/fixtures/incumbent-tools-0.39.0.json) and every property, one call per valid kind of
 * value (each enum value, each union branch, null where allowed), with required ones filled.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema | JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

export interface IncumbentTool {
  name: string;
  inputSchema: JsonSchema & { properties: Record<string, JsonSchema> };
}

/** Realistic strings by parameter name: valid for the incumbent's schema and for Sentry. */
const STRINGS: Record<string, string> = {
  organizationSlug: "acme",
  projectSlug: "backend",
  projectSlugOrId: "backend",
  project: "backend",
  teamSlug: "web",
  regionUrl: "https://us.sentry.io",
  issueId: "BACKEND-1",
  issueUrl: "https://acme.sentry.io/issues/123/",
  eventId: "0123456789abcdef0123456789abcdef",
  traceId: "0123456789abcdef0123456789abcdef",
  spanId: "0123456789abcdef",
  replayId: "3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8",
  replayUrl: "https://acme.sentry.io/replays/3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8/",
  profileId: "9d4352ab3a49d85b1dc877c1f697e576",
  profilerId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  profileUrl:
    "https://acme.sentry.io/explore/profiling/profile/backend/9d4352ab3a49d85b1dc877c1f697e576/flamegraph/",
  transactionName: "CheckoutActivity",
  start: "2026-10-01T00:00:00Z",
  end: "2026-10-02T00:00:00Z",
  period: "7d",
  compareAgainstPeriod: "7d",
  url: "https://example.com/health",
  owner: "team:backend",
  assignedTo: "user:42",
  tagKey: "browser",
  runToken: "abcDEF1234",
  query: "is:unresolved",
  path: "/platforms/javascript/",
  keyId: "0123456789abcdef0123456789abcdef",
  dashboardIdOrTitle: "Backend Overview",
  ruleIdOrName: "High error rate",
  uptimeMonitorId: "7300101",
  monitorSlug: "nightly-job",
  releaseVersion: "backend@1.2.3",
  text: "Looked into it.",
  reason: "done",
  environment: "production",
  slug: "new-project",
  platform: "python",
  cursor: "0:25:0",
  body: '{"ping":true}',
  instruction: "Focus on the database layer.",
  attachmentId: "123",
  conversationId: "conv-1",
  snapshotId: "snap-1",
  imageIdentifier: "home.png",
  appId: "com.acme.app",
  branch: "main",
  browserSdkVersion: "8.x",
  repository: "acme/backend",
  resourceId: "BACKEND-1",
  sort: "-timestamp",
  name: "Checkout",
  thread: "main",
  fields: "title",
};

/** Per tool and parameter, where the name alone does not say enough. */
const TOOL_STRINGS: Record<string, string> = {
  "execute_sentry_tool.name": "whoami",
  "search_sentry_tools.query": "issues",
  "search_docs.query": "react error boundary",
  "get_doc.path": "/platforms/javascript/",
  "search_events.sort": "-timestamp",
};

const NUMBERS: Record<string, number> = {
  intervalSeconds: 300,
  timeoutMs: 5000,
  thread: 1,
  projectSlugOrId: 4501,
};

/**
 * Strings the incumbent's schema takes (no pattern or format) and forwards as they are, but that
 * Sentry itself does not take: each gets a case of its own, labelled `:string(...)`.
 */
const NOT_FOR_SENTRY: Record<string, { label: string; value: string }> = {
  start: { label: ":string(not a date)", value: "yesterday" },
  end: { label: ":string(not a date)", value: "today" },
  uptimeMonitorId: { label: ":string(not numeric)", value: "checkout-health" },
};

export interface Sample {
  /** how the case is named: `=value` for enums/consts/null/booleans, `:type` otherwise */
  label: string;
  value: unknown;
}

function stringFor(tool: string, prop: string): string {
  return TOOL_STRINGS[`${tool}.${prop}`] ?? STRINGS[prop] ?? "value";
}

function numberFor(prop: string, s: JsonSchema): number {
  const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
  const wanted = NUMBERS[prop] ?? 5;
  return Math.min(s.maximum ?? wanted, Math.max(low, wanted));
}

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

/** One value of each kind the schema allows. */
export function samples(tool: string, prop: string, s: JsonSchema): Sample[] {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.flatMap((b) => samples(tool, prop, b));
  if (s.enum) return s.enum.map((v) => ({ label: `=${JSON.stringify(v)}`, value: v }));
  if (s.const !== undefined) return [{ label: `=${JSON.stringify(s.const)}`, value: s.const }];
  return typesOf(s).flatMap((type): Sample[] => {
    switch (type) {
      case "string": {
        const odd = s.pattern || s.format ? undefined : NOT_FOR_SENTRY[prop];
        return [{ label: ":string", value: stringFor(tool, prop) }, ...(odd ? [odd] : [])];
      }
      case "integer":
      case "number":
        return [{ label: ":number", value: numberFor(prop, s) }];
      case "boolean":
        return [
          { label: "=true", value: true },
          { label: "=false", value: false },
        ];
      case "null":
        return [{ label: "=null", value: null }];
      case "array":
        return [{ label: ":array", value: arraySample(tool, prop, s) }];
      case "object":
        return [{ label: ":object", value: objectSample(tool, s) }];
      default:
        return [];
    }
  });
}

function arraySample(tool: string, prop: string, s: JsonSchema): unknown[] {
  if (Array.isArray(s.items)) return s.items.map((_item, i) => `${prop}-${i}`);
  if (s.items && typesOf(s.items).includes("array")) return [["X-Check", "1"]];
  return [stringFor(tool, prop)];
}

function objectSample(tool: string, s: JsonSchema): Record<string, unknown> {
  if (!s.properties) return {};
  const out: Record<string, unknown> = {};
  for (const key of s.required ?? []) {
    const first = samples(tool, key, s.properties[key])[0];
    if (first) out[key] = first.value;
  }
  return out;
}

/** The call with only the required parameters, each with its first sample. */
export function requiredArgs(tool: IncumbentTool): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of tool.inputSchema.required ?? []) {
    out[key] = samples(tool.name, key, tool.inputSchema.properties[key])[0]?.value;
  }
  return out;
}

export interface ContractCase {
  /** `tool`, `tool.(required only)` or `tool.param=value` / `tool.param:type` */
  id: string;
  tool: string;
  param?: string;
  value?: unknown;
  args: Record<string, unknown>;
}

export function casesOf(tool: IncumbentTool): ContractCase[] {
  const base = requiredArgs(tool);
  const cases: ContractCase[] = [
    { id: `${tool.name}.(required only)`, tool: tool.name, args: base },
  ];
  const seen = new Set<string>();
  for (const [param, schema] of Object.entries(tool.inputSchema.properties)) {
    for (const { label, value } of samples(tool.name, param, schema)) {
      const id = `${tool.name}.${param}${label}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const args = { ...base, [param]: value };
      // A region only means something with an organization to route.
      if (param === "regionUrl" && "organizationSlug" in tool.inputSchema.properties)
        args.organizationSlug ??= STRINGS.organizationSlug;
      cases.push({ id, tool: tool.name, param, value, args });
    }
  }
  return cases;
}
