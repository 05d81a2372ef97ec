/**
 * Preprod snapshots (build screenshots and their diffs):
 * `GET /organizations/{org}/preprodartifacts/snapshots/{id}/`, `.../snapshots/{id}/images/{name}/`
 * and `.../snapshots/latest-base/?app_id=`. Undocumented in Sentry's OpenAPI spec, so every field
 * is tolerated missing or null. Image bytes come from the `image_url`s these return.
 */

import { z } from "zod";
import { UserInputError } from "../errors.js";
import type { Download, SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.coerce.number().nullish();

export const SnapshotImageSchema = z.object({
  image_file_name: str,
  display_name: str,
  group: str,
  description: str,
  width: num,
  height: num,
  content_hash: str,
  image_url: str,
});
export type SnapshotImage = z.output<typeof SnapshotImageSchema>;

const PairSchema = z.object({
  head_image: SnapshotImageSchema.nullish(),
  base_image: SnapshotImageSchema.nullish(),
  diff: num,
});
export type SnapshotPair = z.output<typeof PairSchema>;

const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

export const SnapshotSchema = z.object({
  id: z.coerce.string().nullish(),
  project_id: z.coerce.string().nullish(),
  state: str,
  comparison_type: str,
  app_info: z.object({ app_id: str, name: str, platform: str }).nullish(),
  vcs_info: z
    .object({
      repo_name: str,
      head_ref: str,
      head_sha: str,
      base_ref: str,
      base_sha: str,
      pr_number: num,
    })
    .nullish(),
  approval_info: z.object({ status: str, is_auto_approved: z.boolean().nullish() }).nullish(),
  images: list(SnapshotImageSchema),
  changed: list(PairSchema),
  renamed: list(PairSchema),
  errored: list(PairSchema),
  added: list(SnapshotImageSchema),
  removed: list(SnapshotImageSchema),
  unchanged: list(z.union([PairSchema, SnapshotImageSchema])),
  skipped: list(z.union([PairSchema, SnapshotImageSchema])),
  total_count: num,
  changed_count: num,
  added_count: num,
  removed_count: num,
  renamed_count: num,
  unchanged_count: num,
  errored_count: num,
  skipped_count: num,
});
export type Snapshot = z.output<typeof SnapshotSchema>;

export const SnapshotImageDetailSchema = z.object({
  image_file_name: str,
  comparison_status: str,
  head_image: SnapshotImageSchema.nullish(),
  base_image: SnapshotImageSchema.nullish(),
  diff_image_url: str,
  diff_percentage: num,
  previous_image_file_name: str,
});
export type SnapshotImageDetail = z.output<typeof SnapshotImageDetailSchema>;

const snapshotsPath = (org: string) =>
  `/api/0/organizations/${enc(org)}/preprodartifacts/snapshots`;

export async function getSnapshot(
  client: SentryClient,
  org: string,
  snapshotId: string,
  signal?: AbortSignal,
): Promise<Snapshot> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(`${snapshotsPath(org)}/${enc(snapshotId)}/`, SnapshotSchema, {
    baseUrl,
    signal,
    query: { compact_metadata: true },
  });
}

export async function getSnapshotImageDetail(
  client: SentryClient,
  org: string,
  snapshotId: string,
  imageIdentifier: string,
  signal?: AbortSignal,
): Promise<SnapshotImageDetail> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `${snapshotsPath(org)}/${enc(snapshotId)}/images/${enc(imageIdentifier)}/`,
    SnapshotImageDetailSchema,
    { baseUrl, signal },
  );
}

export async function getLatestBaseSnapshot(
  client: SentryClient,
  org: string,
  options: {
    appId: string;
    branch?: string;
    /** a numeric ID goes as `project`, a slug as `projectSlug` */
    project?: string;
    signal?: AbortSignal;
  },
): Promise<Snapshot> {
  const baseUrl = await client.regionFor(org, options.signal);
  const numeric = options.project && /^\d+$/.test(options.project);
  return client.get(`${snapshotsPath(org)}/latest-base/`, SnapshotSchema, {
    baseUrl,
    signal: options.signal,
    query: {
      app_id: options.appId,
      branch: options.branch,
      project: numeric ? options.project : undefined,
      projectSlug: numeric ? undefined : options.project,
      compact_metadata: true,
    },
  });
}

/**
 * Downloads an image named by a snapshot answer. Only paths on the org's own API (relative
 * `/api/0/...` or the same origin) are fetched, with the token; other hosts are refused so an
 * upstream answer cannot make us fetch arbitrary URLs.
 */
export async function downloadSnapshotImage(
  client: SentryClient,
  org: string,
  imageUrl: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Download> {
  const baseUrl = await client.regionFor(org, signal);
  const url = new URL(imageUrl, baseUrl);
  if (url.origin !== new URL(baseUrl).origin || !url.pathname.startsWith("/api/0/"))
    throw new UserInputError(`The image is hosted outside this Sentry (${url.origin}).`);
  const query = Object.fromEntries(url.searchParams);
  return client.download(url.pathname, { baseUrl, signal, maxBytes, query });
}
