import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const count = z.number().nullish();
const nameVersion = z.object({ name: str, version: str }).nullish();
/** Replay timestamps may come without a zone (`2022-07-07T14:05:57.909921`); they are UTC. */
const utc = z
  .string()
  .nullish()
  .transform((v) => (v && /T[\d:.]+$/.test(v) ? `${v}Z` : v));

/** A replay as `GET /organizations/{org}/replays/{id}/` returns it under `data`. */
export const ReplaySchema = z.object({
  id: z.string(),
  project_id: z.coerce.string().nullish(),
  started_at: utc,
  finished_at: utc,
  duration: count,
  environment: str,
  platform: str,
  replay_type: str,
  is_archived: z.boolean().nullish(),
  count_errors: count,
  count_warnings: count,
  count_infos: count,
  count_dead_clicks: count,
  count_rage_clicks: count,
  count_segments: count,
  count_urls: count,
  urls: z.array(z.string()).nullish(),
  trace_ids: z.array(z.string()).nullish(),
  error_ids: z.array(z.string()).nullish(),
  releases: z.array(z.string()).nullish(),
  dist: str,
  browser: nameVersion,
  os: nameVersion,
  sdk: nameVersion,
  device: z.object({ name: str, brand: str, model: str, family: str }).nullish(),
  user: z
    .object({
      id: str,
      username: str,
      email: str,
      display_name: str,
      geo: z.object({ city: str, country_code: str, region: str }).nullish(),
    })
    .nullish(),
});
export type Replay = z.output<typeof ReplaySchema>;

export async function getReplay(
  client: SentryClient,
  org: string,
  replayId: string,
  signal?: AbortSignal,
): Promise<Replay> {
  const baseUrl = await client.regionFor(org, signal);
  const body = await client.get(
    `/api/0/organizations/${enc(org)}/replays/${enc(replayId)}/`,
    z.object({ data: ReplaySchema }),
    { baseUrl, signal },
  );
  return body.data;
}

/**
 * The first page of a replay's recording: a list of segments, each a list of rrweb events.
 * Events stay `unknown`; the caller reads only the few it understands.
 */
export async function getReplaySegments(
  client: SentryClient,
  org: string,
  project: string,
  replayId: string,
  options: { perPage: number; signal?: AbortSignal },
): Promise<{ segments: unknown[][]; more: boolean }> {
  const baseUrl = await client.regionFor(org, options.signal);
  const page = await client.getPage(
    `/api/0/projects/${enc(org)}/${enc(project)}/replays/${enc(replayId)}/recording-segments/`,
    z.array(z.array(z.unknown())),
    { baseUrl, signal: options.signal, query: { download: "true", per_page: options.perPage } },
  );
  return { segments: page.data, more: page.nextCursor !== undefined };
}

const ReplayErrorSchema = z.object({
  id: z.string(),
  issue: str,
  title: str,
  timestamp: str,
});
export type ReplayError = z.output<typeof ReplayErrorSchema>;

/** Issue short ids and titles of a replay's error events (errors dataset of the events API). */
export async function getReplayErrors(
  client: SentryClient,
  org: string,
  options: {
    projectId: string;
    errorIds: string[];
    start: string;
    end: string;
    signal?: AbortSignal;
  },
): Promise<ReplayError[]> {
  const baseUrl = await client.regionFor(org, options.signal);
  const body = await client.get(
    `/api/0/organizations/${enc(org)}/events/`,
    z.object({ data: z.array(ReplayErrorSchema) }),
    {
      baseUrl,
      signal: options.signal,
      query: {
        dataset: "errors",
        field: ["id", "issue", "title", "timestamp"],
        query: `id:[${options.errorIds.join(",")}]`,
        project: options.projectId,
        start: options.start,
        end: options.end,
        per_page: options.errorIds.length,
        referrer: "api.mcp.replay-errors",
      },
    },
  );
  return body.data;
}
