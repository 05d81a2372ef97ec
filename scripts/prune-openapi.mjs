#!/usr/bin/env node
/**
 * Prunes Sentry's dereferenced OpenAPI spec down to the operations the sandbox serves and writes
 * sandbox/contract/openapi.pruned.json (committed, so tests run without ../shared).
 *
 *   node scripts/prune-openapi.mjs [path/to/openapi-derefed.json]
 *
 * The source defaults to $SENTRY_OPENAPI or ../shared/sentry-api/openapi-derefed.json next to
 * the repository. The legacy typed schema of event `entries` (event-entries-schema.legacy.json in
 * the same directory) is embedded as `x-legacy-event-entries` when present, because the current
 * spec leaves entries untyped.
 */

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** [method, path template] of every documented operation the sandbox serves. */
export const SERVED_OPERATIONS = [
  ["get", "/api/0/organizations/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/projects/"],
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/teams/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/members/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/shortids/{issue_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/"],
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/"],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/attachments/",
  ],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/attachments/{attachment_id}/",
  ],
  ["get", "/api/0/organizations/{organization_id_or_slug}/eventids/{event_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/values/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/tags/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/commits/"],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/releases/{version}/commits/",
  ],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/deploys/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/events/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/trace/{trace_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/trace-meta/{trace_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/trace-items/attributes/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/replays/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/replays/{replay_id}/"],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/replays/{replay_id}/recording-segments/",
  ],
  ["get", "/api/0/organizations/{organization_id_or_slug}/profiling/flamegraph/"],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/profiling/profiles/{profile_id}/",
  ],
  ["get", "/api/0/organizations/{organization_id_or_slug}/profiling/chunks/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/workflows/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/workflows/{workflow_id}/"],
  ["post", "/api/0/organizations/{organization_id_or_slug}/workflows/"],
  ["put", "/api/0/organizations/{organization_id_or_slug}/workflows/{workflow_id}/"],
  ["delete", "/api/0/organizations/{organization_id_or_slug}/workflows/{workflow_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/detectors/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/detectors/{detector_id}/"],
  // metric monitor writes (issue 21)
  [
    "post",
    "/api/0/organizations/{organization_id_or_slug}/projects/{project_id_or_slug}/detectors/",
  ],
  ["put", "/api/0/organizations/{organization_id_or_slug}/detectors/{detector_id}/"],
  ["delete", "/api/0/organizations/{organization_id_or_slug}/detectors/{detector_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/monitors/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/monitors/{monitor_id_or_slug}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/monitors/{monitor_id_or_slug}/checkins/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/dashboards/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/dashboards/{dashboard_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/autofix/"],
  ["post", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/autofix/"],
  // writes of the triage and project-management tools
  ["put", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/"],
  ["post", "/api/0/organizations/{organization_id_or_slug}/teams/"],
  ["post", "/api/0/teams/{organization_id_or_slug}/{team_id_or_slug}/projects/"],
  ["put", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/"],
  [
    "post",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/teams/{team_id_or_slug}/",
  ],
  [
    "delete",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/teams/{team_id_or_slug}/",
  ],
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/"],
  ["post", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/"],
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/{key_id}/"],
  ["put", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/{key_id}/"],
  // issue 21: bulk triage and ticket links
  ["put", "/api/0/organizations/{organization_id_or_slug}/issues/"],
  ...["get", "put", "post", "delete"].map((m) => [
    m,
    "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/integrations/{integration_id}/",
  ]),
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/external-issues/"],
  ["delete", "/api/0/sentry-app-installations/{uuid}/external-issues/{external_issue_id}/"],
  // issue 21: dashboard writes
  ["post", "/api/0/organizations/{organization_id_or_slug}/dashboards/"],
  ["put", "/api/0/organizations/{organization_id_or_slug}/dashboards/{dashboard_id}/"],
  ["delete", "/api/0/organizations/{organization_id_or_slug}/dashboards/{dashboard_id}/"],
];

/**
 * Legacy alert-rule operations (still served by self-hosted Sentry), documented only up to the
 * 2026-05-08 spec; read from that file next to the main source.
 */
export const LEGACY_SOURCE = "openapi-derefed.2026-05-08-with-alert-rules.json";
export const LEGACY_OPERATIONS = [
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/rules/"],
  ["get", "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/rules/{rule_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/alert-rules/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/alert-rules/{alert_rule_id}/"],
];

const DOC_KEYS = new Set(["description", "example", "examples", "summary"]);

/** Drops documentation keywords (but not properties that happen to share their names). */
function stripDocs(node, inPropertyMap = false) {
  if (Array.isArray(node)) return node.map((n) => stripDocs(n));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inPropertyMap && DOC_KEYS.has(key)) continue;
    out[key] = stripDocs(value, !inPropertyMap && key === "properties");
  }
  return out;
}

/** Keeps what validation needs: parameters, request body and responses, without documentation. */
function pruneOperation(op) {
  const { operationId, parameters, requestBody, responses } = op;
  return stripDocs({
    operationId,
    parameters: parameters ?? [],
    ...(requestBody ? { requestBody } : {}),
    responses,
  });
}

function main() {
  const source = resolve(
    process.argv[2] ??
      process.env.SENTRY_OPENAPI ??
      join(repoRoot, "..", "shared", "sentry-api", "openapi-derefed.json"),
  );
  if (!existsSync(source)) {
    console.error(`OpenAPI source not found: ${source}`);
    process.exit(1);
  }
  const spec = JSON.parse(readFileSync(source, "utf8"));
  const paths = {};
  const missing = [];
  for (const [method, path] of SERVED_OPERATIONS) {
    const op = spec.paths?.[path]?.[method];
    if (!op) {
      missing.push(`${method.toUpperCase()} ${path}`);
      continue;
    }
    paths[path] ??= {};
    paths[path][method] = pruneOperation(op);
  }
  const legacyPath = join(dirname(source), LEGACY_SOURCE);
  const legacySpec = existsSync(legacyPath) ? JSON.parse(readFileSync(legacyPath, "utf8")) : {};
  for (const [method, path] of LEGACY_OPERATIONS) {
    const op = legacySpec.paths?.[path]?.[method];
    if (!op) {
      missing.push(`${method.toUpperCase()} ${path} (${LEGACY_SOURCE})`);
      continue;
    }
    paths[path] ??= {};
    paths[path][method] = pruneOperation(op);
  }
  if (missing.length > 0) {
    console.error(`operations missing from the spec:\n  ${missing.join("\n  ")}`);
    process.exit(1);
  }
  const pruned = {
    openapi: spec.openapi,
    info: { title: spec.info?.title, version: spec.info?.version },
    "x-pruned": {
      by: "scripts/prune-openapi.mjs",
      source: "getsentry/sentry-api-schema openapi-derefed.json",
      operations: SERVED_OPERATIONS.length + LEGACY_OPERATIONS.length,
      legacy: LEGACY_SOURCE,
    },
    paths,
  };
  const legacy = join(dirname(source), "event-entries-schema.legacy.json");
  if (existsSync(legacy))
    pruned["x-legacy-event-entries"] = JSON.parse(readFileSync(legacy, "utf8")).schema;
  const out = join(repoRoot, "sandbox", "contract", "openapi.pruned.json");
  writeFileSync(out, `${JSON.stringify(pruned, null, 2)}\n`);
  console.error(
    `wrote ${out} (${Object.keys(paths).length} paths, ${SERVED_OPERATIONS.length} operations)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
