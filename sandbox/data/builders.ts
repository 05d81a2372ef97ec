/** Expands compact issue seeds into issue, tag and event records. */

import { entriesFor, firstInAppFile } from "./entries.js";
import { type PlatformProfile, PROFILES } from "./platforms.js";
import type { IssueSeed } from "./seed-types.js";
import type {
  AssignedTo,
  EventRecord,
  IssueRecord,
  JsonObject,
  ProjectRecord,
  TagRecord,
  TeamRecord,
  UserRecord,
} from "./types.js";
import { ago, distribute, hexId, MINUTE } from "./util.js";

export interface BuildContext {
  now: Date;
  projects: ProjectRecord[];
  users: UserRecord[];
  teams: TeamRecord[];
}

function projectOf(ctx: BuildContext, slug: string): ProjectRecord {
  const project = ctx.projects.find((p) => p.slug === slug);
  if (!project) throw new Error(`seed references unknown project ${slug}`);
  return project;
}

function resolveAssignee(ctx: BuildContext, project: ProjectRecord, ref?: string): AssignedTo {
  if (!ref) return null;
  const [kind, key] = ref.split(":");
  if (kind === "user") {
    const user = ctx.users.find((u) => u.id === key);
    if (!user) throw new Error(`unknown user ${key}`);
    return { type: "user", id: user.id, name: user.name, email: user.email };
  }
  const team = ctx.teams.find((t) => t.slug === key && t.orgId === project.orgId);
  if (!team) throw new Error(`unknown team ${key}`);
  return { type: "team", id: team.id, name: team.slug };
}

/** Issues and events report the SDK platform, not the project's platform variant. */
const EVENT_PLATFORM: Record<string, string> = {
  "javascript-react": "javascript",
  android: "java",
};

function eventPlatform(seed: IssueSeed, project: ProjectRecord): string {
  const platform = project.platform ?? "other";
  return seed.platform ?? EVENT_PLATFORM[platform] ?? platform;
}

export function buildIssue(ctx: BuildContext, seed: IssueSeed): IssueRecord {
  const project = projectOf(ctx, seed.project);
  const firstSeen = ago(ctx.now, seed.firstSeenAgo);
  const assignedTo = resolveAssignee(ctx, project, seed.assignee);
  const activity: JsonObject[] = [
    {
      id: "0",
      user: null,
      type: "first_seen",
      data: { priority: seed.priority },
      dateCreated: firstSeen,
    },
  ];
  if (assignedTo) {
    activity.unshift({
      id: String(Number(seed.id.slice(-6)) * 10 + 1),
      user: null,
      type: "assigned",
      data: { assignee: assignedTo.id, assigneeType: assignedTo.type },
      dateCreated: ago(ctx.now, seed.firstSeenAgo / 2),
    });
  }
  if (seed.status !== "unresolved") {
    activity.unshift({
      id: String(Number(seed.id.slice(-6)) * 10 + 2),
      user: null,
      type: seed.status === "resolved" ? "set_resolved" : "set_ignored",
      data: seed.statusDetails ?? {},
      dateCreated: ago(ctx.now, Math.max(seed.lastSeenAgo - 10 * MINUTE, 0)),
    });
  }
  return {
    id: seed.id,
    projectId: project.id,
    shareId: null,
    shortId: seed.shortId,
    title: seed.title,
    culprit: seed.culprit,
    logger: seed.logger ?? null,
    level: seed.level,
    status: seed.status,
    statusDetails: seed.statusDetails ?? {},
    substatus: seed.substatus,
    isPublic: false,
    platform: eventPlatform(seed, project),
    priority: seed.priority,
    priorityLockedAt: null,
    type: seed.type,
    issueType: seed.issueType,
    issueCategory: seed.issueCategory,
    metadata: seed.metadata,
    numComments: seed.numComments ?? 0,
    assignedTo,
    isBookmarked: seed.isBookmarked ?? false,
    isSubscribed: assignedTo?.id === "100001",
    hasSeen: seed.hasSeen ?? true,
    isUnhandled: seed.isUnhandled ?? false,
    count: String(seed.count),
    userCount: seed.userCount,
    firstSeen,
    lastSeen: ago(ctx.now, seed.lastSeenAgo),
    seerFixabilityScore: seed.seerFixabilityScore ?? null,
    environments: [...seed.environments],
    releases: [...seed.releases],
    activity,
  };
}

const TAG_NAMES: Record<string, string> = { url: "URL", server_name: "Server", os: "OS" };

export function tagName(key: string): string {
  if (TAG_NAMES[key]) return TAG_NAMES[key];
  return key
    .split(".")
    .map((part) => part.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()))
    .join(".");
}

/** Occurrences Sentry creates itself (metric, cron, uptime, regression) carry no SDK context. */
function serverGenerated(seed: IssueSeed): boolean {
  return seed.event.kind === "generic" && seed.event.sdk === null;
}

const WEIGHTS = [40, 22, 13, 9, 6, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1];

function userTagValue(u: { id: string; email: string }, i: number): string {
  return i % 2 === 0 ? `email:${u.email}` : `id:${u.id}`;
}

/** Tag keys and candidate values of one issue, most frequent value first. */
function tagCandidates(
  seed: IssueSeed,
  profile: PlatformProfile,
): Array<{ key: string; values: string[] }> {
  const out: Array<{ key: string; values: string[] }> = [
    { key: "environment", values: seed.environments },
    { key: "level", values: [seed.level] },
  ];
  if (seed.releases.length > 0) out.push({ key: "release", values: [...seed.releases].reverse() });
  if (seed.event.kind === "error") {
    out.push({ key: "handled", values: seed.isUnhandled ? ["no", "yes"] : ["yes"] });
    const mech = seed.event.exceptions?.at(-1)?.mechanism ?? "generic";
    out.push({ key: "mechanism", values: [mech] });
  }
  if (seed.event.withUser !== false && seed.userCount > 0) {
    const pool = profile.users.slice(
      0,
      Math.max(1, Math.min(seed.userCount, profile.users.length)),
    );
    out.push({ key: "user", values: pool.map(userTagValue) });
  }
  if (seed.culprit && ["transaction", "default", "error"].includes(seed.event.kind)) {
    if (
      seed.culprit.startsWith("GET ") ||
      seed.culprit.startsWith("POST ") ||
      seed.culprit.startsWith("/")
    ) {
      out.push({ key: "transaction", values: [seed.culprit] });
    }
  }
  if (seed.event.request) out.push({ key: "url", values: [seed.event.request.url.split("?")[0]] });
  if (!serverGenerated(seed)) out.push(...profile.tags);
  out.push(...(seed.extraTags ?? []));
  const byKey = new Map<string, string[]>();
  for (const t of out) byKey.set(t.key, t.values);
  return [...byKey].map(([key, values]) => ({ key, values }));
}

export function buildTags(ctx: BuildContext, seed: IssueSeed): TagRecord[] {
  const profile = PROFILES[seed.project];
  const span = seed.firstSeenAgo - seed.lastSeenAgo;
  return tagCandidates(seed, profile)
    .map(({ key, values }) => {
      const counts = distribute(seed.count, WEIGHTS.slice(0, values.length));
      return {
        key,
        name: tagName(key),
        values: values
          .map((value, j) => ({
            value,
            count: counts[j],
            firstSeen: ago(ctx.now, seed.firstSeenAgo - Math.min(j * 53 * MINUTE, span)),
            lastSeen: ago(ctx.now, seed.lastSeenAgo + Math.min(j * 37 * MINUTE, span)),
          }))
          .filter((v) => v.count > 0),
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

const EVENT_TYPE: Record<string, string> = {
  error: "error",
  default: "default",
  transaction: "transaction",
  generic: "generic",
  csp: "csp",
  feedback: "feedback",
};

const PRIORITY_NUM = { high: 75, medium: 50, low: 25 } as const;

export function buildEvents(ctx: BuildContext, seed: IssueSeed, tags: TagRecord[]): EventRecord[] {
  const project = projectOf(ctx, seed.project);
  const profile = PROFILES[seed.project];
  const spec = seed.event;
  const n = Math.max(1, seed.events);
  const tagValue = (key: string, i: number): string | undefined => {
    const values = tags.find((t) => t.key === key)?.values ?? [];
    if (values.length === 0) return undefined;
    return key === "release"
      ? values[Math.min(i, values.length - 1)].value
      : values[i % values.length].value;
  };
  const events: EventRecord[] = [];
  for (let i = 0; i < n; i++) {
    const agoMs =
      n === 1
        ? seed.lastSeenAgo
        : seed.lastSeenAgo + Math.round(((seed.firstSeenAgo - seed.lastSeenAgo) * i) / (n - 1));
    const tsMs = ctx.now.getTime() - agoMs;
    const eventID = hexId(`${seed.id}:event:${i}`);
    const endUser = profile.users[i % Math.max(1, Math.min(seed.userCount, profile.users.length))];
    const withUser = spec.withUser !== false && seed.userCount > 0;
    const eventTags = tags
      .map((t) => {
        if (t.key === "user")
          return { key: "user", value: withUser ? userTagValue(endUser, i) : "" };
        return { key: t.key, value: tagValue(t.key, i) ?? "" };
      })
      .filter((t) => t.value !== "");
    const trace: JsonObject = {
      trace_id: hexId(`${seed.id}:trace:${i}`),
      span_id: hexId(`${seed.id}:span:${i}`, 16),
      op: spec.transaction?.op ?? (seed.project === "frontend" ? "pageload" : "http.server"),
      status: seed.event.kind === "error" ? "internal_error" : "ok",
      type: "trace",
    };
    const release = seed.releases.length > 0 ? (tagValue("release", i) ?? null) : null;
    events.push({
      id: eventID,
      eventID,
      groupID: seed.id,
      projectID: project.id,
      type: EVENT_TYPE[spec.kind],
      title: spec.kind === "transaction" ? (seed.culprit ?? seed.title) : seed.title,
      message: spec.kind === "default" || spec.kind === "csp" ? (spec.message ?? "") : "",
      location: firstInAppFile(spec) ?? seed.culprit,
      culprit: seed.culprit,
      platform: eventPlatform(seed, project),
      dateCreated: new Date(tsMs).toISOString(),
      dateReceived: new Date(tsMs + 412).toISOString(),
      size: 0,
      entries: entriesFor(spec, tsMs, project.platform === "python"),
      dist: spec.dist ?? null,
      user: withUser
        ? {
            ...endUser,
            name: null,
            geo: { country_code: "DE", city: "Berlin", region: "Germany" },
            data: null,
          }
        : null,
      contexts: serverGenerated(seed)
        ? { ...(spec.contexts ?? {}) }
        : { ...profile.contexts(i), ...(spec.contexts ?? {}), trace },
      context: spec.context === undefined ? {} : spec.context,
      sdk: spec.sdk === undefined ? structuredClone(profile.sdk) : spec.sdk,
      packages: spec.packages ?? {},
      tags: eventTags,
      metadata: seed.metadata,
      errors: [],
      occurrence: spec.occurrence
        ? {
            id: hexId(`${eventID}:occurrence`),
            projectId: Number(project.id),
            eventId: eventID,
            fingerprint: [hexId(`${seed.id}:fingerprint`)],
            issueTitle: seed.title,
            subtitle: spec.occurrence.subtitle,
            resourceId: null,
            evidenceData: spec.occurrence.evidenceData,
            evidenceDisplay: spec.occurrence.evidenceDisplay,
            type: spec.occurrence.type,
            detectionTime: Math.floor(tsMs / 1000) + 0.25,
            level: seed.level,
            culprit: spec.occurrence.culprit ?? seed.culprit,
            assignee: null,
            priority: PRIORITY_NUM[seed.priority],
          }
        : null,
      fingerprints: [hexId(`${seed.id}:fingerprint`)],
      release,
      crashFile: null,
    });
    const last = events[events.length - 1];
    last.size = JSON.stringify(last.entries).length + 640;
  }
  return events;
}
