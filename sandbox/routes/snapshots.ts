/**
 * Routes: preprod snapshots (undocumented in the OpenAPI copy; shapes checked in
 * contract.test.ts). A snapshot's details list its images and, for a diff snapshot, the
 * comparison with its base grouped by status; one image's details carry the URLs of the head,
 * base and diff-mask PNGs, which the image route serves with the API token.
 */

import { createHash } from "node:crypto";
import type { Hono } from "hono";
import {
  encodePng,
  type SnapshotComparison,
  type SnapshotImage,
  type SnapshotRecord,
} from "../data/snapshots.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { fail, findOrg, NOT_FOUND, type RouteDeps } from "./http.js";

const hashOf = (image: SnapshotImage) =>
  createHash("sha1")
    .update(`${image.fileName}|${image.rgb.join(",")}|${image.width}x${image.height}`)
    .digest("hex")
    .slice(0, 16);

function imageJson(org: OrgRecord, image: SnapshotImage): JsonObject {
  const hash = hashOf(image);
  return {
    content_hash: hash,
    image_file_name: image.fileName,
    display_name: image.displayName,
    group: image.group,
    description: image.description,
    width: image.width,
    height: image.height,
    image_url: `/api/0/organizations/${org.slug}/preprodartifacts/images/${hash}/`,
  };
}

function findSnapshot(store: SandboxStore, org: OrgRecord, id: string): SnapshotRecord {
  const snapshot = store.snapshots.find((s) => s.id === id && s.orgId === org.id);
  if (!snapshot) fail(404, NOT_FOUND);
  return snapshot;
}

/** head and base images of one comparison entry */
function pairOf(store: SandboxStore, snapshot: SnapshotRecord, cmp: SnapshotComparison) {
  const base = store.snapshots.find((s) => s.id === snapshot.baseId);
  const head = snapshot.images.find((i) => i.fileName === cmp.fileName);
  const baseName = cmp.previousFileName ?? cmp.fileName;
  return { head, base: base?.images.find((i) => i.fileName === baseName) };
}

function detailsJson(store: SandboxStore, org: OrgRecord, s: SnapshotRecord): JsonObject {
  const groups: Record<string, JsonObject[]> = {
    changed: [],
    added: [],
    removed: [],
    renamed: [],
    unchanged: [],
    errored: [],
    skipped: [],
  };
  for (const cmp of s.comparisons ?? []) {
    const { head, base } = pairOf(store, s, cmp);
    if (cmp.status === "added" && head) groups.added.push(imageJson(org, head));
    else if (cmp.status === "removed" && base) groups.removed.push(imageJson(org, base));
    else
      groups[cmp.status].push({
        head_image: head ? imageJson(org, head) : null,
        base_image: base ? imageJson(org, base) : null,
        ...(cmp.status === "changed" ? { diff: cmp.diff ?? null } : {}),
      });
  }
  const counts = Object.fromEntries(
    Object.entries(groups).map(([k, v]) => [`${k}_count`, v.length]),
  );
  return {
    id: s.id,
    project_id: s.projectId,
    state: s.state,
    comparison_type: s.comparisonType,
    date_added: s.dateCreated,
    app_info: { app_id: s.appId, name: s.appName, platform: s.platform },
    vcs_info: {
      repo_name: s.vcs.repoName,
      head_ref: s.vcs.headRef,
      head_sha: s.vcs.headSha,
      base_ref: s.vcs.baseRef ?? null,
      base_sha: s.vcs.baseSha ?? null,
      pr_number: s.vcs.prNumber ?? null,
    },
    approval_info: s.approval
      ? { status: s.approval.status, is_auto_approved: s.approval.autoApproved }
      : null,
    images: s.images.map((i) => imageJson(org, i)),
    ...groups,
    total_count: s.images.length,
    ...counts,
  };
}

function imageDetailJson(
  store: SandboxStore,
  org: OrgRecord,
  s: SnapshotRecord,
  name: string,
): JsonObject {
  const cmp = s.comparisons?.find(
    (c) => c.fileName === name || (c.status === "removed" && c.fileName === name),
  );
  if (!cmp) {
    const image = s.images.find((i) => i.fileName === name);
    if (!image) fail(404, NOT_FOUND);
    return {
      image_file_name: name,
      comparison_status: null,
      head_image: imageJson(org, image),
      base_image: null,
      diff_image_url: null,
      diff_percentage: null,
      previous_image_file_name: null,
    };
  }
  const { head, base } = pairOf(store, s, cmp);
  const headJson = head && cmp.status !== "removed" ? imageJson(org, head) : null;
  return {
    image_file_name: name,
    comparison_status: cmp.status,
    head_image: headJson,
    base_image: base ? imageJson(org, base) : null,
    diff_image_url:
      cmp.status === "changed" && head
        ? `/api/0/organizations/${org.slug}/preprodartifacts/images/diff-${hashOf(head)}/`
        : null,
    diff_percentage: cmp.diff ?? null,
    previous_image_file_name: cmp.previousFileName ?? null,
  };
}

export function registerSnapshotRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;
  const base = "/api/0/organizations/:org/preprodartifacts";

  app.get(`${base}/snapshots/latest-base/`, (c) => {
    const org = findOrg(store, c.req.param("org"));
    const appId = c.req.query("app_id");
    if (!appId) fail(400, "app_id is required");
    const branch = c.req.query("branch") ?? "main";
    const project = c.req.query("project");
    const projectSlug = c.req.query("projectSlug");
    const projectId = projectSlug
      ? store.projects.find((p) => p.orgId === org.id && p.slug === projectSlug)?.id
      : project;
    if (projectSlug && !projectId) fail(404, NOT_FOUND);
    const found = store.snapshots
      .filter(
        (s) =>
          s.orgId === org.id &&
          s.appId === appId &&
          s.comparisonType === "solo" &&
          s.vcs.headRef === branch &&
          (!projectId || s.projectId === projectId),
      )
      .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))[0];
    if (!found) fail(404, "No base snapshot found for this app and branch");
    return c.json(detailsJson(store, org, found));
  });

  app.get(`${base}/snapshots/:id/`, (c) => {
    const org = findOrg(store, c.req.param("org"));
    return c.json(detailsJson(store, org, findSnapshot(store, org, c.req.param("id"))));
  });

  // image identifiers are file names that may hold slashes (sent encoded as %2F)
  app.get(`${base}/snapshots/:id/images/*`, (c) => {
    const org = findOrg(store, c.req.param("org"));
    const snapshot = findSnapshot(store, org, c.req.param("id"));
    const raw = new URL(c.req.url).pathname.split("/images/")[1]?.replace(/\/$/, "") ?? "";
    const name = decodeURIComponent(raw);
    if (!name) fail(404, NOT_FOUND);
    return c.json(imageDetailJson(store, org, snapshot, name));
  });

  app.get(`${base}/images/:hash/`, (c) => {
    const org = findOrg(store, c.req.param("org"));
    const wanted = c.req.param("hash");
    const mask = wanted.startsWith("diff-");
    const hash = mask ? wanted.slice(5) : wanted;
    const image = store.snapshots
      .filter((s) => s.orgId === org.id)
      .flatMap((s) => s.images)
      .find((i) => hashOf(i) === hash);
    if (!image) fail(404, NOT_FOUND);
    const png = encodePng(image.width, image.height, image.rgb, mask);
    return new Response(new Uint8Array(png), {
      status: 200,
      headers: { "Content-Type": "image/png", "Content-Length": String(png.length) },
    });
  });
}
