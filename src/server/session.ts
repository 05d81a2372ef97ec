import type { Transport } from "../catalog/session.js";
import type { Config } from "../config.js";
import { USER_AGENT } from "../config.js";
import { SentryClient, type UpstreamFetch } from "../sentry-api/client.js";
import { getProject, type Project } from "../sentry-api/projects.js";
import type { Capability, Constraints, Skill } from "../tools/types.js";
import { buildServer, type SessionDeps } from "./build-server.js";

export interface SessionOverrides {
  accessToken?: string;
  constraints?: Constraints;
  skills?: Skill[];
  readOnly?: boolean;
  experimental?: boolean;
  fetch?: UpstreamFetch;
  /** stdio unless the HTTP service says otherwise (it words skill refusals). */
  transport?: Transport;
  /** How the pinned project's capabilities are found; the HTTP service passes a cached one. */
  capabilities?: CapabilityLookup;
  /** How the pinned project's id is found; the HTTP service passes a cached one. */
  projectId?: ProjectIdLookup;
  /** Sees each finished tools/call (the HTTP service's metrics). */
  onToolResult?: SessionDeps["onToolResult"];
  /** Listings shared per policy (the HTTP service builds a server per request). */
  blueprints?: SessionDeps["blueprints"];
}

export type CapabilityLookup = (
  client: SentryClient,
  org: string,
  project: string,
) => Promise<Set<Capability> | undefined>;

export type ProjectIdLookup = (
  client: SentryClient,
  org: string,
  project: string,
) => Promise<string>;

/** The pinned project's numeric id, for Sentry's `project=` filter. */
export const lookupProjectId: ProjectIdLookup = (client, org, project) =>
  getProject(client, org, project).then((p) => String(p.id));

/** Unknown capabilities hide nothing: a failed lookup must not take tools away. */
export const lookupCapabilities: CapabilityLookup = (client, org, project) =>
  getProject(client, org, project)
    .then(projectCapabilities)
    .catch(() => undefined);

/** What a project has data for, from its flags; tools needing the rest are hidden. */
export function projectCapabilities(project: Project): Set<Capability> {
  const caps = new Set<Capability>();
  const features = new Set(project.features ?? []);
  if (project.hasProfiles || features.has("profiling")) caps.add("profiles");
  if (project.hasReplays || features.has("session-replay")) caps.add("replays");
  if (project.firstTransactionEvent || features.has("performance-view")) caps.add("traces");
  if (project.hasLogs || features.has("ourlogs-enabled")) caps.add("logs");
  return caps;
}

export function createClient(
  config: Config,
  accessToken: string,
  fetchImpl?: UpstreamFetch,
): SentryClient {
  return new SentryClient({
    baseUrl: config.sentryUrl,
    accessToken,
    userAgent: USER_AGENT,
    timeoutMs: config.timeoutMs,
    retryBudgetMs: config.retryBudgetMs,
    fetch: fetchImpl,
  });
}

/** One MCP server for one session: its client, pins, skills and capability filter. */
export async function createSession(config: Config, overrides: SessionOverrides = {}) {
  const token = overrides.accessToken ?? config.accessToken;
  if (!token) throw new Error("createSession needs an access token");
  const client = createClient(config, token, overrides.fetch);
  const constraints = overrides.constraints ?? {
    organizationSlug: config.organizationSlug,
    projectSlug: config.projectSlug,
  };
  let capabilities: Set<Capability> | undefined;
  if (constraints.organizationSlug && constraints.projectSlug) {
    const { organizationSlug: org, projectSlug: project } = constraints;
    const lookup = overrides.capabilities ?? lookupCapabilities;
    capabilities = await lookup(client, org, project);
    const projectId = overrides.projectId ?? lookupProjectId;
    client.pinProject(() => projectId(client, org, project));
  }
  const server = buildServer({
    client,
    responseBudget: config.responseBudget,
    docs: config.docs,
    agent: config.agent,
    onToolResult: overrides.onToolResult,
    blueprints: overrides.blueprints,
    policy: {
      skills: overrides.skills ?? config.skills,
      readOnly: overrides.readOnly ?? config.readOnly,
      experimental: overrides.experimental ?? config.experimental,
      transport: overrides.transport ?? "stdio",
      constraints,
      capabilities,
    },
  });
  return { server, client };
}
