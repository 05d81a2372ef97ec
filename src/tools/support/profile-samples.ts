/**
 * get_profile_details' structured parts (seed 000 "Profile Details"): a profile summary
 * discriminated by `profileType`, and the sample analysis of sample-format data.
 */

import { z } from "zod";
import { truncate } from "../../format/markdown.js";
import type {
  ProfileChunk,
  SampleData,
  SampledProfile,
  SpeedscopeProfile,
} from "../../sentry-api/profiles.js";

const common = {
  organization: z.string(),
  project: z.string(),
  profileUrl: z.string(),
  platform: z.string().optional(),
  environment: z.string().optional(),
  release: z.string().optional(),
};

/** Fields of profiles recorded for one transaction (sampled and legacy alike). */
const perTransaction = {
  profileId: z.string(),
  ...common,
  transactionName: z.string().optional(),
  traceId: z.string().optional(),
  traceUrl: z.string().optional(),
  timestamp: z.string().optional(),
  durationMs: z.number().optional(),
  device: z.string().optional(),
  os: z.string().optional(),
  sdk: z.string().optional(),
};

const transactionSummary = z.object({
  profileType: z.literal("transaction"),
  ...perTransaction,
  runtime: z.string().optional(),
});

const continuousSummary = z.object({
  profileType: z.literal("continuous"),
  profilerId: z.string(),
  ...common,
  start: z.string(),
  end: z.string(),
  chunkId: z.string().optional(),
});

const legacySummary = z.object({
  profileType: z.literal("legacy_speedscope"),
  ...perTransaction,
});

export const profileSummarySchema = z.discriminatedUnion("profileType", [
  transactionSummary,
  continuousSummary,
  legacySummary,
]);
export type ProfileSummary = z.output<typeof profileSummarySchema>;

export const sampleAnalysisSchema = z.object({
  frames: z.number(),
  samples: z.number(),
  stacks: z.number(),
  threads: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      samples: z.number(),
      active: z.boolean().optional(),
    }),
  ),
  threadsOmitted: z.number(),
  focusOnUserCode: z.boolean(),
  topFrames: z.array(
    z.object({
      name: z.string(),
      module: z.string().optional(),
      file: z.string().optional(),
      line: z.number().optional(),
      isApplication: z.boolean(),
      samples: z.number().describe("samples whose stack contains the frame"),
      percent: z.number(),
    }),
  ),
});
export type SampleAnalysis = z.output<typeof sampleAnalysisSchema>;

export const MAX_TOP_FRAMES = 10;
const MAX_NAME = 200;
const short = (v: string | null | undefined) => (v ? truncate(v, MAX_NAME) : undefined);
export const MAX_THREADS = 20;

const joined = (...parts: Array<string | null | undefined>) =>
  parts.filter((p): p is string => Boolean(p?.trim())).join(" ") || undefined;

/** Frame, sample, stack and per-thread counts plus the most frequent frames. */
export function analyzeSamples(
  data: SampleData,
  opts: { focusOnUserCode: boolean; activeThread?: string },
): SampleAnalysis {
  const perThread = new Map<string, number>();
  const perFrame = new Map<number, number>();
  for (const sample of data.samples) {
    perThread.set(sample.thread_id, (perThread.get(sample.thread_id) ?? 0) + 1);
    for (const frame of new Set(data.stacks[sample.stack_id] ?? []))
      perFrame.set(frame, (perFrame.get(frame) ?? 0) + 1);
  }
  const total = data.samples.length;
  const threads = [...perThread.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([id, samples]) => ({
      id,
      name: short(data.thread_metadata[id]?.name),
      samples,
      active: opts.activeThread ? id === opts.activeThread : undefined,
    }));
  const topFrames = [...perFrame.entries()]
    .filter(([k]) => !opts.focusOnUserCode || data.frames[k]?.in_app === true)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_TOP_FRAMES)
    .map(([k, samples]) => {
      const f = data.frames[k];
      return {
        name: truncate(f?.function ?? "(unknown)", MAX_NAME),
        module: short(f?.module ?? f?.package),
        file: short(f?.filename ?? f?.abs_path),
        line: f?.lineno ?? undefined,
        isApplication: f?.in_app ?? false,
        samples,
        percent: total > 0 ? Math.round((samples / total) * 1000) / 10 : 0,
      };
    });
  return {
    frames: data.frames.length,
    samples: total,
    stacks: data.stacks.length,
    threads: threads.slice(0, MAX_THREADS),
    threadsOmitted: Math.max(0, threads.length - MAX_THREADS),
    focusOnUserCode: opts.focusOnUserCode,
    topFrames,
  };
}

interface Links {
  organization: string;
  project: string;
  profileUrl: string;
  traceUrl: (traceId: string) => string;
}

export function transactionProfileSummary(
  p: SampledProfile,
  profileId: string,
  links: Links,
): ProfileSummary {
  const t = p.transaction;
  const span =
    t?.relative_end_ns != null && t.relative_start_ns != null
      ? Math.round((t.relative_end_ns - t.relative_start_ns) / 1e5) / 10
      : undefined;
  const traceId = t?.trace_id ?? undefined;
  return {
    profileType: "transaction",
    profileId,
    organization: links.organization,
    project: links.project,
    profileUrl: links.profileUrl,
    platform: p.platform ?? undefined,
    environment: p.environment ?? undefined,
    release: p.release,
    transactionName: t?.name ?? undefined,
    traceId,
    traceUrl: traceId ? links.traceUrl(traceId) : undefined,
    timestamp: p.timestamp ?? undefined,
    durationMs: span,
    device: joined(
      p.device?.manufacturer,
      p.device?.model,
      (p.device?.architecture ?? p.device?.arch)
        ? `(${p.device?.architecture ?? p.device?.arch})`
        : undefined,
    ),
    os: joined(p.os?.name, p.os?.version),
    runtime: joined(p.runtime?.name, p.runtime?.version),
    sdk: joined(p.client_sdk?.name, p.client_sdk?.version),
  };
}

export function legacyProfileSummary(
  p: SpeedscopeProfile,
  profileId: string,
  links: Links,
): ProfileSummary {
  const m = p.metadata;
  const traceId = m?.traceID || undefined;
  const ns = m?.durationNS ?? p.durationNS;
  return {
    profileType: "legacy_speedscope",
    profileId,
    organization: links.organization,
    project: links.project,
    profileUrl: links.profileUrl,
    platform: m?.platform ?? p.platform ?? undefined,
    environment: m?.environment ?? undefined,
    release: m?.release,
    transactionName: m?.transactionName || p.transactionName || undefined,
    traceId,
    traceUrl: traceId ? links.traceUrl(traceId) : undefined,
    timestamp: m?.timestamp ?? undefined,
    durationMs: ns ? Math.round(ns / 1e5) / 10 : undefined,
    device: joined(m?.deviceManufacturer, m?.deviceModel),
    os: joined(m?.deviceOSName, m?.deviceOSVersion),
    sdk: joined(m?.sdkName, m?.sdkVersion),
  };
}

export function continuousProfileSummary(
  chunk: ProfileChunk,
  window: { profilerId: string; start: string; end: string },
  links: Omit<Links, "traceUrl">,
): ProfileSummary {
  return {
    profileType: "continuous",
    profilerId: window.profilerId,
    organization: links.organization,
    project: links.project,
    profileUrl: links.profileUrl,
    platform: chunk.platform ?? undefined,
    environment: chunk.environment ?? undefined,
    release: chunk.release,
    start: window.start,
    end: window.end,
    chunkId: chunk.chunk_id ?? undefined,
  };
}
