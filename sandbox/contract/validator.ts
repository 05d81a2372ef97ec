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
      errors.push(...this.run(key, p.schema as AnySchema, hit.params[p.name], `param ${p.name}`));
    }
    const schema = op.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) {
      errors.push(`no JSON schema for status ${status}`);
      return { template: hit.template, errors };
    }
    const key = `${hit.template}#${status}#${optional.join(",")}`;
    errors.push(...this.run(key, relax(schema, optional) as AnySchema, body, "body"));
    for (const [where, event] of eventsIn(body)) errors.push(...this.validateEntries(event, where));
    return { template: hit.template, errors };
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
