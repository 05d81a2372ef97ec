import { z } from "zod";
import type { SentryClient } from "./client.js";
import { enc } from "./organizations.js";

const str = z.string().nullish();
const num = z.number().nullish();
const release = z
  .union([z.string(), z.object({ version: str })])
  .nullish()
  .transform((r) => (typeof r === "string" ? r : (r?.version ?? undefined)));

// --- aggregated flamegraph --------------------------------------------------------------------

const FlamegraphFrameSchema = z.object({
  name: str,
  file: str,
  path: str,
  module: str,
  package: str,
  line: num,
  is_application: z.boolean().nullish(),
  fingerprint: num,
});
export type FlamegraphFrame = z.output<typeof FlamegraphFrameSchema>;

const FrameInfoSchema = z.object({
  count: num,
  sumDuration: num,
  sumSelfTime: num,
  p75Duration: num,
  p95Duration: num,
  p99Duration: num,
});
export type FrameInfo = z.output<typeof FrameInfoSchema>;

const FlamegraphThreadSchema = z.object({
  isMainThread: z.boolean().nullish(),
  name: str,
  samples: z.array(z.array(z.number())).nullish(),
  sample_counts: z.array(z.number()).nullish(),
  sample_durations_ns: z.array(z.number()).nullish(),
});

export const FlamegraphSchema = z.object({
  platform: str,
  transactionName: str,
  profiles: z.array(FlamegraphThreadSchema).nullish(),
  shared: z
    .object({
      frames: z.array(FlamegraphFrameSchema).nullish(),
      frame_infos: z.array(FrameInfoSchema).nullish(),
      profiles: z.array(z.unknown()).nullish(),
    })
    .nullish(),
});
export type Flamegraph = z.output<typeof FlamegraphSchema>;

/** Escapes a value for a quoted Sentry search term. */
export function quoteSearchValue(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The aggregated flamegraph of one transaction over a relative period. */
export async function getFlamegraph(
  client: SentryClient,
  org: string,
  options: { projectId: string; transactionName: string; period: string; signal?: AbortSignal },
): Promise<Flamegraph> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.get(`/api/0/organizations/${enc(org)}/profiling/flamegraph/`, FlamegraphSchema, {
    baseUrl,
    signal: options.signal,
    query: {
      project: options.projectId,
      query: `transaction:${quoteSearchValue(options.transactionName)}`,
      statsPeriod: options.period,
    },
  });
}

// --- single profiles ---------------------------------------------------------------------------

const SampleFrameSchema = z.object({
  function: str,
  module: str,
  package: str,
  filename: str,
  abs_path: str,
  lineno: num,
  in_app: z.boolean().nullish(),
});
export type SampleFrame = z.output<typeof SampleFrameSchema>;

const ThreadMetadataSchema = z
  .record(z.string(), z.object({ name: str }).nullish())
  .nullish()
  .transform((m) => m ?? {});

/** Sample-format data shared by transaction profiles and continuous chunks. */
const SampleDataSchema = z.object({
  frames: z.array(SampleFrameSchema),
  samples: z.array(
    z.object({
      stack_id: z.number(),
      thread_id: z.coerce.string(),
      elapsed_since_start_ns: z.coerce.number().nullish(),
      timestamp: num,
    }),
  ),
  stacks: z.array(z.array(z.number())),
  thread_metadata: ThreadMetadataSchema,
});
export type SampleData = z.output<typeof SampleDataSchema>;

const SampledProfileSchema = z.object({
  profile_id: str,
  event_id: str,
  platform: str,
  environment: str,
  release,
  timestamp: str,
  device: z
    .object({ model: str, manufacturer: str, architecture: str, arch: str, classification: str })
    .nullish(),
  os: z.object({ name: str, version: str }).nullish(),
  runtime: z.object({ name: str, version: str }).nullish(),
  client_sdk: z.object({ name: str, version: str }).nullish(),
  profile: SampleDataSchema,
  transaction: z
    .object({
      name: str,
      id: str,
      trace_id: str,
      active_thread_id: z.coerce.string().nullish(),
      relative_start_ns: z.coerce.number().nullish(),
      relative_end_ns: z.coerce.number().nullish(),
    })
    .nullish(),
});
export type SampledProfile = z.output<typeof SampledProfileSchema>;

/** Legacy profiles (Android) come back as speedscope documents without sample data. */
const SpeedscopeProfileSchema = z.object({
  profileID: str,
  platform: str,
  transactionName: str,
  durationNS: num,
  metadata: z
    .object({
      platform: str,
      profileID: str,
      transactionName: str,
      traceID: str,
      transactionID: str,
      durationNS: num,
      timestamp: str,
      environment: str,
      release,
      version: str,
      deviceModel: str,
      deviceManufacturer: str,
      deviceOSName: str,
      deviceOSVersion: str,
      sdkName: str,
      sdkVersion: str,
    })
    .nullish(),
  profiles: z.array(z.unknown()),
  shared: z.object({ frames: z.array(z.unknown()).nullish() }),
});
export type SpeedscopeProfile = z.output<typeof SpeedscopeProfileSchema>;

export type RawProfile =
  | { format: "sampled"; profile: SampledProfile }
  | { format: "speedscope"; profile: SpeedscopeProfile };

const RawProfileSchema = z.union([
  SampledProfileSchema.transform((profile): RawProfile => ({ format: "sampled", profile })),
  SpeedscopeProfileSchema.transform((profile): RawProfile => ({ format: "speedscope", profile })),
]);

export async function getProfile(
  client: SentryClient,
  org: string,
  project: string,
  profileId: string,
  signal?: AbortSignal,
): Promise<RawProfile> {
  const baseUrl = await client.regionFor(org, signal);
  return client.get(
    `/api/0/projects/${enc(org)}/${enc(project)}/profiling/profiles/${enc(profileId)}/`,
    RawProfileSchema,
    { baseUrl, signal },
  );
}

// --- continuous profiles -----------------------------------------------------------------------

const ChunkSchema = z.object({
  chunk_id: str,
  profiler_id: str,
  environment: str,
  platform: str,
  release,
  profile: SampleDataSchema,
});
export type ProfileChunk = z.output<typeof ChunkSchema>;

/** A continuous profiler's samples over a window (Sentry merges the chunks); null when none. */
export async function getProfileChunk(
  client: SentryClient,
  org: string,
  options: {
    projectId: string;
    profilerId: string;
    start: string;
    end: string;
    signal?: AbortSignal;
  },
): Promise<ProfileChunk | null> {
  const baseUrl = await client.regionFor(org, options.signal);
  const body = await client.get(
    `/api/0/organizations/${enc(org)}/profiling/chunks/`,
    z.object({ chunk: ChunkSchema.nullish(), chunks: z.array(ChunkSchema).nullish() }),
    {
      baseUrl,
      signal: options.signal,
      query: {
        project: options.projectId,
        profiler_id: options.profilerId,
        start: options.start,
        end: options.end,
      },
    },
  );
  return body.chunk ?? body.chunks?.[0] ?? null;
}
