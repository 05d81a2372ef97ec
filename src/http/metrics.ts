/**
 * Prometheus metrics, kept per process and written in the plain-text exposition format (v0.0.4)
 * by hand. Label values are bounded: routes are patterns, tools are known names.
 */

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Labels = Record<string, string>;

/** Characters the exposition format escapes in a label value. */
const NEEDS_ESCAPE = /[\\"\n]/;

/** `{k="v",...}`, also the series key: built on every request, so plain values skip escaping. */
function labelText(labels: Labels): string {
  let text = "";
  for (const k in labels) {
    const v = labels[k];
    const value = NEEDS_ESCAPE.test(v)
      ? v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")
      : v;
    text += `${text ? "," : ""}${k}="${value}"`;
  }
  return text ? `{${text}}` : "";
}

class Counter {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1) {
    const key = labelText(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [labels, value] of this.values) lines.push(`${this.name}${labels} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(labels: Labels, value: number) {
    const key = labelText(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    BUCKETS.forEach((b, i) => {
      if (value <= b) s.counts[i]++;
    });
    s.sum += value;
    s.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      BUCKETS.forEach((b, i) => {
        lines.push(
          `${this.name}_bucket${labelText({ ...s.labels, le: String(b) })} ${s.counts[i]}`,
        );
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${s.sum}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

export type ErrorKind =
  | "http_5xx"
  | "tool_error"
  | "protocol_error"
  | "unauthorized"
  | "rate_limited"
  | "oauth";

export function createMetrics() {
  const requests = new Counter(
    "sentry_mcp_http_requests_total",
    "HTTP requests by method, route and status.",
  );
  const latency = new Histogram(
    "sentry_mcp_http_request_duration_seconds",
    "HTTP request latency in seconds by route.",
  );
  const tools = new Counter(
    "sentry_mcp_tool_calls_total",
    "MCP tool calls by tool and outcome (ok, error).",
  );
  const errors = new Counter("sentry_mcp_errors_total", "Errors by kind.");
  return {
    request(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ route }, seconds);
      if (status >= 500) errors.inc({ kind: "http_5xx" });
      else if (status === 401) errors.inc({ kind: "unauthorized" });
      else if (status === 429) errors.inc({ kind: "rate_limited" });
    },
    toolCall(tool: string, outcome: "ok" | "error") {
      tools.inc({ tool, outcome });
      if (outcome === "error") errors.inc({ kind: "tool_error" });
    },
    render(): string {
      return `${[...requests.render(), ...latency.render(), ...tools.render(), ...errors.render()].join("\n")}\n`;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A bounded route label for a path. */
export function routeLabel(path: string): string {
  if (path === "/mcp" || path === "/mcp/") return "/mcp";
  if (/^\/mcp\/[^/]+\/?$/.test(path)) return "/mcp/:org";
  if (/^\/mcp\/[^/]+\/[^/]+\/?$/.test(path)) return "/mcp/:org/:project";
  if (path.startsWith("/.well-known/oauth-protected-resource"))
    return "/.well-known/oauth-protected-resource";
  if (path === "/.well-known/oauth-authorization-server") return path;
  if (/^\/oauth\/(authorize|callback|token|register|revoke)$/.test(path)) return path;
  if (path === "/healthz" || path === "/metrics") return path;
  return "other";
}
