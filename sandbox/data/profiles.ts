/**
 * Seed: profiles. Every profiled transaction span of the explore data (`profileId`) gets a
 * sampled profile drawn from its call tree (profile-templates.ts): Python backends as
 * transaction profiles (sample format), Android as legacy speedscope profiles. A continuous
 * profiler samples the celery worker while the monthly reports run (BACKEND-1F's trace).
 * Stacks are stored root → leaf; the routes serialize them in each format's order.
 */

import type { SpanRecord } from "./explore-types.js";
import { CALL_TREES, type CallTree, type FrameDef, WORKER_TREE } from "./profile-templates.js";
import { PROJECT_IDS as P } from "./trace-builder.js";
import { hexId, MINUTE, prng } from "./util.js";

export type { FrameDef } from "./profile-templates.js";

export interface ProfileSample {
  stack: number;
  thread: string;
  /** ns since the profile start (transaction profiles) */
  offsetNs: number;
}

export interface StoredProfile {
  /** sample format (`transaction`) or Android's legacy speedscope format (`legacy`) */
  kind: "transaction" | "legacy";
  profileId: string;
  projectId: string;
  platform: string;
  environment: string;
  release: string | null;
  transactionName: string;
  traceId: string;
  /** event id of the profiled transaction */
  transactionId: string;
  startMs: number;
  durationMs: number;
  frames: FrameDef[];
  /** frame indices, root → leaf */
  stacks: number[][];
  samples: ProfileSample[];
  threads: Record<string, { name: string; priority: number }>;
  activeThread: string;
  device: { model: string; manufacturer: string | null; arch: string; classification: string };
  os: { name: string; version: string };
  sdk: { name: string; version: string };
}

export interface ChunkRecord {
  chunkId: string;
  profilerId: string;
  projectId: string;
  platform: string;
  environment: string;
  release: string | null;
  startMs: number;
  endMs: number;
  frames: FrameDef[];
  /** frame indices, root → leaf */
  stacks: number[][];
  samples: Array<{ stack: number; thread: string; timestampMs: number }>;
  threads: Record<string, { name: string; priority: number }>;
}

export interface ProfileStore {
  profiles: StoredProfile[];
  chunks: ChunkRecord[];
}

export const SAMPLE_INTERVAL_MS = 10;

function weightedPicker(stacks: Array<[number[], number]>, rand: () => number): () => number {
  const total = stacks.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = rand() * total;
    for (let k = 0; k < stacks.length; k++) {
      r -= stacks[k][1];
      if (r < 0) return k;
    }
    return stacks.length - 1;
  };
}

const PYTHON_ENV = {
  device: { model: "c6i.xlarge", manufacturer: null, arch: "x86_64", classification: "" },
  os: { name: "Linux", version: "6.1.0-26-cloud-amd64" },
  sdk: { name: "sentry.python.django", version: "2.19.0" },
};
const ANDROID_ENV = {
  device: { model: "Pixel 8", manufacturer: "Google", arch: "arm64-v8a", classification: "high" },
  os: { name: "android", version: "14" },
  sdk: { name: "sentry.java.android", version: "7.18.0" },
};

function profileOf(span: SpanRecord, tree: CallTree): StoredProfile {
  const profileId = span.profileId!;
  const rand = prng(`profile:${profileId}`);
  const weighted = tree.stacks(span.release);
  const stacks = [...weighted.map(([s]) => s), tree.idle];
  const idle = stacks.length - 1;
  const pick = weightedPicker(weighted, rand);
  const android = tree.platform === "android";
  const main = android ? "1" : "140021";
  const worker = android ? "17" : "140187";
  const samples: ProfileSample[] = [];
  const count = Math.max(4, Math.floor(span.durationMs / SAMPLE_INTERVAL_MS));
  for (let i = 0; i < count; i++) {
    const offsetNs = i * SAMPLE_INTERVAL_MS * 1_000_000;
    samples.push({ stack: pick(), thread: main, offsetNs });
    if (i % 4 === 0) samples.push({ stack: idle, thread: worker, offsetNs });
  }
  return {
    kind: android ? "legacy" : "transaction",
    profileId,
    projectId: span.projectId,
    platform: tree.platform,
    environment: span.environment,
    release: span.release,
    transactionName: span.transaction,
    traceId: span.traceId,
    transactionId: span.segmentId,
    startMs: span.startMs,
    durationMs: span.durationMs,
    frames: structuredClone(tree.frames),
    stacks: structuredClone(stacks),
    samples,
    threads: android
      ? {
          [main]: { name: "main", priority: 5 },
          [worker]: { name: "OkHttp Dispatcher", priority: 5 },
        }
      : {
          [main]: { name: "MainThread", priority: 0 },
          [worker]: { name: "ThreadPoolExecutor-0_0", priority: 0 },
        },
    activeThread: main,
    ...structuredClone(android ? ANDROID_ENV : PYTHON_ENV),
  };
}

const CHUNK_MS = 60_000;
const CHUNK_INTERVAL_MS = 25;

/** One-minute chunks of the worker's continuous profile around the reports task. */
function workerChunks(spans: SpanRecord[], now: number): ChunkRecord[] {
  const task = spans.find((s) => s.isSegment && s.transaction === "reports.generate_monthly");
  const start = Math.floor(((task?.startMs ?? now - 60 * MINUTE) - 30_000) / CHUNK_MS) * CHUNK_MS;
  const end = (task ? task.startMs + task.durationMs : now - 55 * MINUTE) + 30_000;
  const profilerId = hexId("profiler:backend-worker");
  const rand = prng("profiler:backend-worker");
  const weighted = WORKER_TREE.stacks(task?.release ?? null);
  const stacks = [...weighted.map(([s]) => s), WORKER_TREE.idle];
  const pick = weightedPicker(weighted, rand);
  const chunks: ChunkRecord[] = [];
  for (let from = start, k = 0; from < end; from += CHUNK_MS, k++) {
    const samples: ChunkRecord["samples"] = [];
    for (let t = from; t < Math.min(from + CHUNK_MS, end); t += CHUNK_INTERVAL_MS) {
      samples.push({ stack: pick(), thread: "140021", timestampMs: t });
      if ((t / CHUNK_INTERVAL_MS) % 8 === 0)
        samples.push({ stack: stacks.length - 1, thread: "140233", timestampMs: t });
    }
    chunks.push({
      chunkId: hexId(`profiler:backend-worker:chunk:${k}`),
      profilerId,
      projectId: P.backend,
      platform: "python",
      environment: task?.environment ?? "production",
      release: task?.release ?? null,
      startMs: from,
      endMs: Math.min(from + CHUNK_MS, end),
      frames: structuredClone(WORKER_TREE.frames),
      stacks: structuredClone(stacks),
      samples,
      threads: {
        "140021": { name: "MainThread", priority: 0 },
        "140233": { name: "celery-heartbeat", priority: 0 },
      },
    });
  }
  return chunks;
}

export function seedProfiles(now: Date, spans: SpanRecord[]): ProfileStore {
  const seen = new Set<string>();
  const profiles: StoredProfile[] = [];
  for (const span of spans) {
    if (!span.profileId || seen.has(span.profileId)) continue;
    const tree = CALL_TREES[span.transaction];
    if (!tree) continue;
    seen.add(span.profileId);
    profiles.push(profileOf(span, tree));
  }
  profiles.sort((a, b) => a.startMs - b.startMs || a.profileId.localeCompare(b.profileId));
  return { profiles, chunks: workerChunks(spans, now.getTime()) };
}
