/** Routes: aggregated flamegraphs, single profiles (sample format or legacy speedscope), chunks. */

import type { Context, Hono } from "hono";
import type { ChunkRecord, FrameDef, StoredProfile } from "../data/profiles.js";
import type { JsonObject, OrgRecord, SandboxStore } from "../data/types.js";
import { buildFlamegraph, framePath } from "./flamegraph.js";
import { fail, findOrg, findProject, listParam, type RouteDeps, timeWindow } from "./http.js";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Org endpoints take numeric project ids only, like Sentry's `project` parameter. */
function projectIds(c: Context, store: SandboxStore, org: OrgRecord): Set<string> {
  const raw = listParam(c, "project").filter((p) => p !== "-1");
  const own = store.projects.filter((p) => p.orgId === org.id);
  if (raw.length === 0) return new Set(own.map((p) => p.id));
  for (const id of raw) {
    if (!/^\d+$/.test(id)) fail(400, "Invalid project parameter. Values must be numbers.");
    if (!own.some((p) => p.id === id))
      fail(403, "You do not have permission to perform this action.");
  }
  return new Set(raw);
}

const TOKEN = /(!?)([\w.]+):("(?:[^"\\]|\\.)*"|\S+)|(\S+)/g;

/** The flamegraph's profile filter: `transaction:"..."`, environment, release, event.type. */
function profileFilter(query: string): (p: StoredProfile) => boolean {
  const tests: Array<(p: StoredProfile) => boolean> = [];
  for (const m of query.matchAll(TOKEN)) {
    if (m[4]) fail(400, `Invalid query: free text is not supported here ("${m[4]}")`);
    const negate = m[1] === "!";
    const value = m[3].startsWith('"') ? m[3].slice(1, -1).replace(/\\(.)/g, "$1") : m[3];
    const field: Record<string, (p: StoredProfile) => string | null> = {
      transaction: (p) => p.transactionName,
      environment: (p) => p.environment,
      release: (p) => p.release,
      "event.type": () => "transaction",
    };
    const get = field[m[2]];
    if (!get) fail(400, `Invalid query: ${m[2]} is not a profile attribute`);
    tests.push((p) => (get(p) === value) !== negate);
  }
  return (p) => tests.every((t) => t(p));
}

function sampleFrame(f: FrameDef, platform: string): JsonObject {
  return {
    function: f.function,
    module: f.module,
    filename: f.file,
    abs_path: framePath(f, platform),
    lineno: f.line,
    in_app: f.inApp,
    platform,
  };
}

const threadMeta = (threads: StoredProfile["threads"]): JsonObject =>
  Object.fromEntries(Object.entries(threads).map(([id, t]) => [id, { ...t }]));

/** Sample format (transaction profiles): stacks are listed leaf first. */
function serializeSampled(p: StoredProfile, orgId: string): JsonObject {
  return {
    event_id: p.profileId,
    profile_id: p.profileId,
    organization_id: Number(orgId),
    project_id: Number(p.projectId),
    platform: p.platform,
    environment: p.environment,
    release: p.release ? { version: p.release } : null,
    version: "1",
    received: iso(p.startMs + p.durationMs + 1500),
    timestamp: iso(p.startMs),
    device: {
      architecture: p.device.arch,
      classification: p.device.classification,
      model: p.device.model,
      manufacturer: p.device.manufacturer,
    },
    os: { name: p.os.name, version: p.os.version, build_number: "" },
    runtime: { name: "CPython", version: "3.12.7" },
    client_sdk: { ...p.sdk },
    profile: {
      frames: p.frames.map((f) => sampleFrame(f, p.platform)),
      samples: p.samples.map((s) => ({
        stack_id: s.stack,
        thread_id: Number(s.thread),
        elapsed_since_start_ns: s.offsetNs,
      })),
      stacks: p.stacks.map((s) => [...s].reverse()),
      thread_metadata: threadMeta(p.threads),
    },
    transaction: {
      name: p.transactionName,
      id: p.transactionId,
      trace_id: p.traceId,
      active_thread_id: Number(p.activeThread),
      relative_start_ns: "0",
      relative_end_ns: String(p.durationMs * 1_000_000),
    },
  };
}

/** Open/close events between consecutive samples of one thread (Android method traces). */
function evented(p: StoredProfile, thread: string): JsonObject[] {
  const events: JsonObject[] = [];
  let open: number[] = [];
  const samples = p.samples.filter((s) => s.thread === thread);
  for (const s of samples) {
    const stack = p.stacks[s.stack];
    let common = 0;
    while (common < open.length && open[common] === stack[common]) common++;
    for (let d = open.length - 1; d >= common; d--)
      events.push({ type: "C", frame: open[d], at: s.offsetNs });
    for (let d = common; d < stack.length; d++)
      events.push({ type: "O", frame: stack[d], at: s.offsetNs });
    open = stack;
  }
  const end = p.durationMs * 1_000_000;
  for (let d = open.length - 1; d >= 0; d--) events.push({ type: "C", frame: open[d], at: end });
  return events;
}

/** Android's legacy profiles are served as speedscope documents with evented threads. */
function serializeSpeedscope(p: StoredProfile, orgId: string): JsonObject {
  const durationNS = p.durationMs * 1_000_000;
  return {
    activeProfileIndex: 0,
    durationNS,
    metadata: {
      androidAPILevel: 34,
      deviceClassification: p.device.classification,
      deviceLocale: "en_US",
      deviceManufacturer: p.device.manufacturer,
      deviceModel: p.device.model,
      deviceOSName: p.os.name,
      deviceOSVersion: p.os.version,
      durationNS,
      environment: p.environment,
      organizationID: Number(orgId),
      platform: p.platform,
      profileID: p.profileId,
      projectID: Number(p.projectId),
      received: iso(p.startMs + p.durationMs + 2500),
      release: p.release ? { version: p.release } : null,
      sdkName: p.sdk.name,
      sdkVersion: p.sdk.version,
      timestamp: iso(p.startMs),
      traceID: p.traceId,
      transactionID: p.transactionId,
      transactionName: p.transactionName,
      version: "3.2.0 (412)",
    },
    platform: p.platform,
    profileID: p.profileId,
    projectID: Number(p.projectId),
    profiles: Object.entries(p.threads).map(([id, t]) => ({
      endValue: durationNS,
      events: evented(p, id),
      isMainThread: id === p.activeThread,
      name: t.name,
      priority: t.priority,
      startValue: 0,
      threadID: Number(id),
      type: "evented",
      unit: "nanoseconds",
    })),
    shared: {
      frames: p.frames.map((f) => ({
        name: `${f.module}.${f.function}`,
        file: f.file,
        line: f.line,
        is_application: f.inApp,
        image: f.module,
      })),
    },
    transactionName: p.transactionName,
  };
}

/** Chunks of one profiler merged over the window (they share frames and stacks). */
function serializeChunk(chunks: ChunkRecord[], window: { start: number; end: number }): JsonObject {
  const first = chunks[0];
  return {
    chunk_id: first.chunkId,
    profiler_id: first.profilerId,
    environment: first.environment,
    platform: first.platform,
    release: first.release,
    version: "2",
    client_sdk: { name: "sentry.python", version: "2.19.0" },
    profile: {
      frames: first.frames.map((f) => sampleFrame(f, first.platform)),
      samples: chunks.flatMap((c) =>
        c.samples
          .filter((s) => s.timestampMs >= window.start && s.timestampMs <= window.end)
          .map((s) => ({
            stack_id: s.stack,
            thread_id: s.thread,
            timestamp: s.timestampMs / 1000,
          })),
      ),
      stacks: first.stacks.map((s) => [...s].reverse()),
      thread_metadata: threadMeta(first.threads),
    },
  };
}

export function registerProfilingRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/profiling/flamegraph/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const projects = projectIds(c, store, org);
    const now = store.now.getTime();
    const window = timeWindow(c, store.now) ?? { start: now - 14 * DAY_MS, end: now };
    const query = c.req.query("query") ?? "";
    const matches = profileFilter(query);
    const profiles = store.profiles.profiles.filter(
      (p) =>
        projects.has(p.projectId) &&
        p.startMs >= window.start &&
        p.startMs <= window.end &&
        matches(p),
    );
    const transaction = /transaction:"((?:[^"\\]|\\.)*)"|transaction:(\S+)/.exec(query);
    return c.json(
      buildFlamegraph(profiles, {
        transaction: transaction ? (transaction[1] ?? transaction[2]).replace(/\\(.)/g, "$1") : "",
      }),
    );
  });

  app.get("/api/0/projects/:org/:project/profiling/profiles/:profileId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const id = c.req.param("profileId").replace(/-/g, "").toLowerCase();
    const profile = store.profiles.profiles.find(
      (p) => p.profileId === id && p.projectId === project.id,
    );
    if (!profile) fail(404, "profile not found");
    return c.json(
      profile.kind === "legacy"
        ? serializeSpeedscope(profile, org.id)
        : serializeSampled(profile, org.id),
    );
  });

  app.get("/api/0/organizations/:org/profiling/chunks/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const raw = listParam(c, "project");
    if (raw.length !== 1) fail(400, "one project_id must be specified.");
    const project = findProject(store, org, raw[0]);
    const profilerId = c.req.query("profiler_id");
    if (!profilerId) fail(400, "profiler_id is required");
    const window = timeWindow(c, store.now);
    if (!window) fail(400, "start and end are required");
    const chunks = store.profiles.chunks.filter(
      (k) =>
        k.profilerId === profilerId.toLowerCase() &&
        k.projectId === project.id &&
        k.endMs >= window.start &&
        k.startMs <= window.end,
    );
    if (chunks.length === 0) fail(404, "chunk not found");
    return c.json({ chunk: serializeChunk(chunks, window) });
  });
}
