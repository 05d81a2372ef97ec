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
  ["get", "/api/0/organizations/{organization_id_or_slug}/eventids/{event_id}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{key}/values/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/"],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/commits/"],
  [
    "get",
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/releases/{version}/commits/",
  ],
  ["get", "/api/0/organizations/{organization_id_or_slug}/releases/{version}/deploys/"],
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

/** Keeps what validation needs: parameters and responses, without documentation text. */
function pruneOperation(op) {
  const { operationId, parameters, responses } = op;
  return stripDocs({ operationId, parameters: parameters ?? [], responses });
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
      operations: SERVED_OPERATIONS.length,
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
