/**
 * Low-cardinality names for URLs: ids and slugs in a Sentry API path become placeholders so
 * `GET /api/0/organizations/acme/issues/123/` groups as
 * `GET /api/0/organizations/{org}/issues/{issue_id}/`.
 */

/** Collections whose next path segment is one identifier. */
const ONE_ID: Record<string, string> = {
  organizations: "{org}",
  issues: "{issue_id}",
  groups: "{issue_id}",
  events: "{event_id}",
  releases: "{version}",
  replays: "{replay_id}",
  traces: "{trace_id}",
  trace: "{trace_id}",
  attachments: "{attachment_id}",
  members: "{member_id}",
  monitors: "{monitor_slug}",
  dashboards: "{dashboard_id}",
  "alert-rules": "{rule_id}",
  rules: "{rule_id}",
  profiles: "{profile_id}",
  tags: "{tag_key}",
  projects: "{project}",
  teams: "{team}",
  users: "{user_id}",
  deploys: "{deploy_id}",
  files: "{file_id}",
  "trace-logs": "{trace_id}",
};

/** Top-level collections addressed by organization and then a slug: `/projects/{org}/{project}/`. */
const TWO_IDS: Record<string, [string, string]> = {
  projects: ["{org}", "{project}"],
  teams: ["{org}", "{team}"],
};

/** Segments that follow a collection but are sub-resources, not identifiers. */
const KEYWORDS = new Set(["latest", "oldest", "recommended", "stats", "search", "me", "values"]);

const LOOKS_LIKE_ID = /^(\d+|[0-9a-f]{16,}|[0-9a-f-]{36}|[A-Z][A-Z0-9_-]*-[A-Z0-9]+)$/i;

function loose(segment: string): string {
  if (LOOKS_LIKE_ID.test(segment) && /\d/.test(segment)) return "{id}";
  if (segment.length > 40 || /[^A-Za-z0-9_-]/.test(segment)) return "{value}";
  return segment;
}

/** Templates a URL path; paths outside `/api/0/` only get the generic id rules. */
export function templateApiPath(pathname: string): string {
  const trailing = pathname.endsWith("/");
  const segments = pathname.split("/").filter(Boolean);
  const out: string[] = [];
  const apiStart = segments[0] === "api" && segments[1] === "0" ? 2 : -1;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (i < apiStart) {
      out.push(segment);
      continue;
    }
    out.push(loose(segment));
    if (apiStart < 0) continue;
    const next = segments[i + 1];
    if (next === undefined) break;
    const pair = i === apiStart ? TWO_IDS[segment] : undefined;
    if (pair) {
      out.push(pair[0]);
      if (segments[i + 2] !== undefined) out.push(pair[1]);
      i += segments[i + 2] !== undefined ? 2 : 1;
    } else if (ONE_ID[segment] && !KEYWORDS.has(next)) {
      out.push(ONE_ID[segment]);
      i += 1;
    }
  }
  return `/${out.join("/")}${trailing && out.length ? "/" : ""}`;
}

/** `/mcp`, `/mcp/{org}`, `/mcp/{org}/{project}` for the HTTP endpoint's span names. */
export function templateMcpRoute(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] !== "mcp") return templateApiPath(pathname);
  return ["/mcp", "{org}", "{project}"].slice(0, Math.min(segments.length, 3)).join("/");
}

/** What the SDK's HTTP integration drops by default: auth failures, misses and redirects. */
function isNoiseStatus(status: number): boolean {
  return (
    (status >= 401 && status <= 404) ||
    (status >= 301 && status <= 303) ||
    (status >= 305 && status < 400)
  );
}

/**
 * Whether an HTTP server transaction is worth sending. Auth failures and misses on other paths
 * are scanner noise, but on the MCP endpoint a 401 is a client failing to authenticate: its
 * `mcp.auth/{method}` span is the only trace of it, so `/mcp` keeps every status.
 */
export function keepHttpTransaction(event: {
  transaction?: string;
  contexts?: { trace?: { data?: Record<string, unknown> } };
}): boolean {
  const data = event.contexts?.trace?.data;
  const status = data?.["http.response.status_code"];
  if (typeof status !== "number" || !isNoiseStatus(status)) return true;
  const route = data?.["http.route"];
  return typeof route === "string" && (route === "/mcp" || route.startsWith("/mcp/"));
}
