/**
 * Validates sandbox responses against the pruned Sentry OpenAPI spec (openapi.pruned.json, made
 * by scripts/prune-openapi.mjs) with the known spec quirks of NOTES.md patched in.
 */

import { readFileSync } from "node:fs";
import { Ajv, type AnySchema, type ValidateFunction } from "ajv";
import addFormatsImport from "ajv-formats";

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsImport as unknown as { default?: AddFormats }).default ??
  (addFormatsImport as unknown as AddFormats);

type JsonSchema = { [key: string]: unknown };
interface Operation {
  operationId?: string;
  parameters: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: { "application/json"?: { schema?: JsonSchema } } };
  responses: Record<string, { content?: { "application/json"?: { schema?: JsonSchema } } }>;
}
interface PrunedSpec {
  paths: Record<string, Record<string, Operation>>;
  "x-legacy-event-entries"?: { items: { anyOf: JsonSchema[] } };
}

export interface ValidationResult {
  template: string;
  errors: string[];
}

const HEX_EVENT_ID = { type: "string", pattern: "^[0-9a-f]{32}$" };

/** Quirk patches from NOTES.md that concern what the sandbox is checked against. */
function patchQuirks(spec: PrunedSpec): void {
  const issueEvent =
    spec.paths[
      "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/"
    ];
  const param = issueEvent?.get.parameters.find((p) => p.name === "event_id");
  // event_id is documented as the enum latest|oldest|recommended; real hex ids work too.
  if (param?.schema) param.schema = { anyOf: [param.schema, HEX_EVENT_ID] };
  patchMonitorAndDashboardQuirks(spec);
  patchWriteQuirks(spec);
}

type Schema = { [key: string]: unknown };
const MONITOR_PATHS = [
  "/api/0/organizations/{organization_id_or_slug}/monitors/",
  "/api/0/organizations/{organization_id_or_slug}/monitors/{monitor_id_or_slug}/",
  "/api/0/organizations/{organization_id_or_slug}/monitors/{monitor_id_or_slug}/checkins/",
];

function responseSchema(spec: PrunedSpec, path: string): Schema | undefined {
  const schema = spec.paths[path]?.get?.responses["200"]?.content?.["application/json"]?.schema;
  if (!schema) return undefined;
  return (schema.type === "array" ? schema.items : schema) as Schema;
}

/**
 * Cron monitors (NOTES.md): `environments` is an array, not an object; interval schedules are
 * `[count, "unit"]` (the spec says two integers); an open incident has no resolving time yet.
 * Dashboards: `utc` is a boolean and list previews carry a layout object.
 */
function patchMonitorAndDashboardQuirks(spec: PrunedSpec): void {
  const fixSchedule = (config: Schema | undefined) => {
    const props = config?.properties as Schema | undefined;
    if (props?.schedule)
      props.schedule = {
        anyOf: [{ type: "string" }, { type: "array", items: { type: ["integer", "string"] } }],
      };
  };
  for (const path of MONITOR_PATHS) {
    const item = responseSchema(spec, path);
    const props = item?.properties as Schema | undefined;
    if (!props) continue;
    fixSchedule(props.config as Schema | undefined);
    fixSchedule(props.monitorConfig as Schema | undefined);
    const env = props.environments as Schema | undefined;
    if (env && env.type === "object") {
      const incident = (env.properties as Schema | undefined)?.activeIncident as Schema | undefined;
      const resolving = (incident?.properties as Schema | undefined)?.resolvingTimestamp as
        | Schema
        | undefined;
      if (resolving) resolving.nullable = true;
      props.environments = { type: "array", items: env };
    }
  }
  const detail = responseSchema(
    spec,
    "/api/0/organizations/{organization_id_or_slug}/dashboards/{dashboard_id}/",
  );
  const utc = (detail?.properties as Schema | undefined)?.utc as Schema | undefined;
  if (utc) utc.type = ["string", "boolean"];
  const list = responseSchema(spec, "/api/0/organizations/{organization_id_or_slug}/dashboards/");
  const preview = (list?.properties as Schema | undefined)?.widgetPreview as Schema | undefined;
  if (preview?.items) (preview.items as Schema).additionalProperties = {};
}

/** Path parameters arrive as strings; integer-typed ones are checked as numbers. */
function coerceParam(schema: Schema | undefined, value: string | undefined): unknown {
  const type = schema?.type;
  if ((type === "integer" || type === "number") && value !== undefined && /^-?\d+$/.test(value))
    return Number(value);
  return value;
}

function loadSpec(): PrunedSpec {
  const raw = readFileSync(new URL("./openapi.pruned.json", import.meta.url), "utf8");
  const spec = JSON.parse(raw) as PrunedSpec;
  patchQuirks(spec);
  return spec;
}

function entrySchemas(spec: PrunedSpec): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const alt of spec["x-legacy-event-entries"]?.items.anyOf ?? []) {
    const data = (alt.properties as { data?: { required?: string[] } } | undefined)?.data;
    const req = data?.required ?? [];
    if (req.includes("excOmitted")) out.exception = alt;
    else if (req.includes("method")) out.request = alt;
    else if (req.includes("formatted")) out.message = alt;
    else if (req.includes("values")) out.breadcrumbs = alt;
  }
  return out;
}

interface TemplateMatcher {
  template: string;
  regex: RegExp;
  names: string[];
  literals: number;
}

export class Contract {
  readonly spec: PrunedSpec;
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly entries: Record<string, JsonSchema>;
  private readonly templates: TemplateMatcher[];

  constructor() {
    this.spec = loadSpec();
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat("double", true);
    this.entries = entrySchemas(this.spec);
    this.templates = Object.keys(this.spec.paths).map((template): TemplateMatcher => {
      const names: string[] = [];
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, (_, n: string) => {
          names.push(n);
          return "([^/]+)";
        });
      const literals = template.split("/").filter((s) => s && !s.startsWith("{")).length;
      return { template, regex: new RegExp(`^${pattern}$`), names, literals };
    });
  }

  /** The documented path template matching a concrete path (most literal segments wins). */
  match(pathname: string): { template: string; params: Record<string, string> } | null {
    const hits = this.templates
      .map((t) => ({ t, m: t.regex.exec(pathname) }))
      .filter((h): h is { t: TemplateMatcher; m: RegExpExecArray } => h.m !== null)
      .sort((a, b) => b.t.literals - a.t.literals);
    if (hits.length === 0) return null;
    const { t, m } = hits[0];
    const params: Record<string, string> = {};
    t.names.forEach((n: string, k: number) => {
      params[n] = decodeURIComponent(m[k + 1]);
    });
    return { template: t.template, params };
  }

  private compile(key: string, schema: AnySchema): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(schema);
      this.cache.set(key, fn);
    }
    return fn;
  }

  private run(key: string, schema: AnySchema, data: unknown, where: string): string[] {
    const fn = this.compile(key, schema);
    if (fn(data)) return [];
    return (fn.errors ?? []).map(
      (e) => `${where}${e.instancePath} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
  }

  /**
   * Validates path parameters and a JSON body; null when the path is not documented.
   * `optional` names top-level (or list item) properties to treat as not required, for
   * responses where Sentry legitimately omits over-required fields (e.g. `collapse=stats`).
   */
  validate(
    method: string,
    pathname: string,
    status: number,
    body: unknown,
    optional: string[] = [],
  ): ValidationResult | null {
    const hit = this.match(pathname);
    if (!hit) return null;
    const op = this.spec.paths[hit.template][method.toLowerCase()];
    if (!op)
      return { template: hit.template, errors: [`${method} not documented for ${hit.template}`] };
    const errors: string[] = [];
    for (const p of op.parameters.filter((x) => x.in === "path" && x.schema)) {
      const key = `${hit.template}#param:${p.name}`;
      const value = coerceParam(p.schema, hit.params[p.name]);
      errors.push(...this.run(key, p.schema as AnySchema, value, `param ${p.name}`));
    }
    const schema = op.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) {
      errors.push(`no JSON schema for status ${status}`);
      return { template: hit.template, errors };
    }
    const key = `${hit.template}#${method.toLowerCase()}#${status}#${optional.join(",")}`;
    errors.push(...this.run(key, relax(schema, optional) as AnySchema, body, "body"));
    for (const [where, event] of eventsIn(body)) errors.push(...this.validateEntries(event, where));
    return { template: hit.template, errors };
  }

  /**
   * Validates a request body against the operation's documented `requestBody`; null when the
   * path or method is not documented or documents no JSON body.
   */
  validateRequest(method: string, pathname: string, body: unknown): ValidationResult | null {
    const hit = this.match(pathname);
    if (!hit) return null;
    const op = this.spec.paths[hit.template][method.toLowerCase()];
    const schema = op?.requestBody?.content?.["application/json"]?.schema;
    if (!schema) return null;
    const key = `${hit.template}#${method}#request`;
    return { template: hit.template, errors: this.run(key, schema as AnySchema, body, "request") };
  }

  /** Checks typed event entries (exception, breadcrumbs, request, message) with the legacy schema. */
  validateEntries(event: { entries?: unknown }, where = "event"): string[] {
    const entries = Array.isArray(event.entries) ? event.entries : [];
    return entries.flatMap((entry: { type?: string }, k: number) => {
      const schema = entry?.type ? this.entries[entry.type] : undefined;
      return schema
        ? this.run(`entry:${entry.type}`, schema as AnySchema, entry, `${where}.entries[${k}]`)
        : [];
    });
  }
}

function relax(schema: JsonSchema, optional: string[]): JsonSchema {
  if (optional.length === 0) return schema;
  const copy = structuredClone(schema);
  const target = (copy.type === "array" ? copy.items : copy) as { required?: string[] };
  if (target.required) target.required = target.required.filter((r) => !optional.includes(r));
  return copy;
}

/** Full events inside a response body: the body itself, `body.event`, or list items with entries. */
function eventsIn(body: unknown): Array<[string, { entries?: unknown }]> {
  const isEvent = (v: unknown): v is { entries: unknown } =>
    typeof v === "object" && v !== null && "entries" in v && "eventID" in v;
  if (Array.isArray(body))
    return body.flatMap((v, k) => (isEvent(v) ? [[`body[${k}]`, v] as [string, typeof v]] : []));
  if (isEvent(body)) return [["body", body]];
  const inner = (body as { event?: unknown } | null)?.event;
  return isEvent(inner) ? [["body.event", inner]] : [];
}

/**
 * NOTES.md: `PUT /organizations/{org}/issues/{issue_id}/` lists every body field as required,
 * but real updates are partial (`{"status": "resolved"}`); so are the status details.
 */
/**
 * Sentry's dashboard serializer is a CamelSnakeSerializer: it takes camelCase keys (the web app
 * sends displayType, widgetType, fieldAliases, layout.minH) while the spec documents snake_case.
 * Each snake_case property gets its camelCase twin, and the layout needs min_h or minH.
 */
function patchDashboardRequestCase(spec: PrunedSpec): void {
  // `{"allOf": [...], "nullable": true}` has no type, which Ajv refuses: null or the allOf.
  const untyped = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const n = node as JsonSchema;
    for (const value of Object.values(n)) untyped(value);
    if (n.nullable && !n.type && n.allOf) {
      n.anyOf = [{ allOf: n.allOf }, { type: "null" }];
      delete n.allOf;
      delete n.nullable;
    }
  };
  const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const twin = (schema: JsonSchema | undefined) => {
    const props = schema?.properties as Record<string, JsonSchema> | undefined;
    for (const [key, value] of Object.entries(props ?? {}))
      if (key.includes("_")) props![camel(key)] = value;
  };
  for (const [path, method] of [
    ["/api/0/organizations/{organization_id_or_slug}/dashboards/", "post"],
    ["/api/0/organizations/{organization_id_or_slug}/dashboards/{dashboard_id}/", "put"],
  ]) {
    const body = spec.paths[path]?.[method]?.requestBody?.content?.["application/json"]?.schema;
    const widget = (body?.properties as Record<string, JsonSchema> | undefined)?.widgets?.items as
      | JsonSchema
      | undefined;
    twin(body);
    twin(widget);
    const widgetProps = widget?.properties as Record<string, JsonSchema> | undefined;
    twin(widgetProps?.queries?.items as JsonSchema | undefined);
    for (const part of (widgetProps?.layout?.allOf as JsonSchema[] | undefined) ?? []) {
      twin(part);
      part.required = (part.required as string[]).filter((k) => k !== "min_h");
      part.anyOf = [{ required: ["min_h"] }, { required: ["minH"] }];
    }
    untyped(body);
    // as for GET (patchMonitorAndDashboardQuirks): `utc` is a boolean
    const status = method === "post" ? "201" : "200";
    const res =
      spec.paths[path]?.[method]?.responses[status]?.content?.["application/json"]?.schema;
    const utc = (res?.properties as Record<string, JsonSchema> | undefined)?.utc;
    if (utc) utc.type = ["string", "boolean"];
  }
}

function patchWriteQuirks(spec: PrunedSpec): void {
  patchDashboardRequestCase(spec);
  // the bulk PUT (`.../issues/?id=..`) documents the same over-required body
  for (const path of [
    "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/",
    "/api/0/organizations/{organization_id_or_slug}/issues/",
  ]) {
    const put = spec.paths[path]?.put;
    const body = put?.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined;
    if (!body) continue;
    delete body.required;
    const details = (body.properties as Record<string, JsonSchema> | undefined)?.statusDetails;
    for (const part of (details?.allOf as JsonSchema[] | undefined) ?? [details ?? {}])
      delete part.required;
  }
}
