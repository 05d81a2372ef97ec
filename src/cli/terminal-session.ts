/**
 * A session for the terminal commands (`tools`, `call`): the same catalog, filters, pins and
 * dispatch as the MCP server (`createSessionCatalog`), without a transport.
 */

import { ALL_TOOLS } from "../catalog/index.js";
import type { SessionPolicy } from "../catalog/session.js";
import { DIRECT_TOOL_NAMES } from "../catalog/surface.js";
import type { Config } from "../config.js";
import type { UpstreamFetch } from "../sentry-api/client.js";
import { getProject } from "../sentry-api/projects.js";
import { createSessionCatalog } from "../server/build-server.js";
import { createClient, projectCapabilities } from "../server/session.js";
import type { AnyTool, Capability, SeerPolling, ToolContext } from "../tools/types.js";

export interface TerminalDeps {
  /** the registry; tests pass a smaller one */
  tools?: readonly AnyTool[];
  directNames?: readonly string[];
  /** the Sentry client's HTTP (tests pass a stub) */
  fetch?: UpstreamFetch;
  seer?: SeerPolling;
}

export type ProgressFn = ToolContext["progress"];

export async function openTerminalSession(config: Config, deps: TerminalDeps = {}) {
  if (!config.accessToken) throw new Error("a terminal session needs an access token");
  const client = createClient(config, config.accessToken, deps.fetch);
  const constraints = {
    organizationSlug: config.organizationSlug,
    projectSlug: config.projectSlug,
  };
  let capabilities: Set<Capability> | undefined;
  if (constraints.organizationSlug && constraints.projectSlug) {
    // As in createSession: an unknown capability set hides nothing.
    capabilities = await getProject(client, constraints.organizationSlug, constraints.projectSlug)
      .then(projectCapabilities)
      .catch(() => undefined);
  }
  const policy: SessionPolicy = {
    skills: config.skills,
    readOnly: config.readOnly,
    experimental: config.experimental,
    constraints,
    capabilities,
  };
  const all = deps.tools ?? ALL_TOOLS;
  const catalog = createSessionCatalog({
    client,
    policy,
    responseBudget: config.responseBudget,
    tools: all,
    docs: config.docs,
    seer: deps.seer,
  });
  const directNames = new Set(deps.directNames ?? DIRECT_TOOL_NAMES);
  const callable = new Set(catalog.tools().map((t) => t.name));
  const context = (signal: AbortSignal, progress: ProgressFn): ToolContext => ({
    client,
    constraints,
    signal,
    responseBudget: config.responseBudget,
    experimental: config.experimental,
    docs: config.docs,
    seer: deps.seer,
    catalog,
    canCall: (name) => callable.has(name),
    isDirect: (name) => directNames.has(name) && callable.has(name),
    progress,
  });
  return { all, catalog, policy, directNames, context };
}

export type TerminalSession = Awaited<ReturnType<typeof openTerminalSession>>;
