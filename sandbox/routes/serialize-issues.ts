/** Wire shapes of issues (groups): short-id lookup, list items and details. */

import type { IssueRecord, Json, JsonObject, SandboxStore } from "../data/types.js";
import { hexId, prng } from "../data/util.js";
import { serializeUser } from "./serialize-orgs.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function orgSlugOf(store: SandboxStore, issue: IssueRecord): string {
  const project = store.projects.find((p) => p.id === issue.projectId);
  return store.organizations.find((o) => o.id === project?.orgId)?.slug ?? "unknown";
}

/** Deterministic `[[epochSeconds, count], ...]` buckets spread over the issue's lifetime. */
export function issueStats(
  store: SandboxStore,
  issue: IssueRecord,
  bucketMs: number,
  buckets: number,
): Json[] {
  const now = store.now.getTime();
  const first = Date.parse(issue.firstSeen);
  const last = Date.parse(issue.lastSeen);
  const alignedEnd = Math.floor(now / bucketMs) * bucketMs;
  const activeBuckets = Math.max(1, Math.ceil((last - first) / bucketMs) + 1);
  const perBucket = Number(issue.count) / activeBuckets;
  const rand = prng(`${issue.id}:stats:${bucketMs}`);
  const out: Json[] = [];
  for (let k = buckets - 1; k >= 0; k--) {
    const start = alignedEnd - k * bucketMs;
    const active = start + bucketMs > first && start <= last;
    const value = active ? Math.max(1, Math.round(perBucket * (0.4 + rand() * 1.2))) : 0;
    out.push([start / 1000, value]);
  }
  return out;
}

function projectRef(store: SandboxStore, issue: IssueRecord): JsonObject {
  const p = store.projects.find((x) => x.id === issue.projectId)!;
  return { id: p.id, name: p.name, slug: p.slug, platform: p.platform };
}

/** Fields every issue serializer shares (the group in the short-id lookup). */
export function serializeIssueBase(
  store: SandboxStore,
  issue: IssueRecord,
  baseUrl: string,
): JsonObject {
  return {
    id: issue.id,
    shareId: issue.shareId,
    shortId: issue.shortId,
    title: issue.title,
    culprit: issue.culprit,
    permalink: `${baseUrl}/organizations/${orgSlugOf(store, issue)}/issues/${issue.id}/`,
    logger: issue.logger,
    level: issue.level,
    status: issue.status,
    statusDetails: { ...issue.statusDetails },
    substatus: issue.substatus,
    isPublic: issue.isPublic,
    platform: issue.platform,
    priority: issue.priority,
    priorityLockedAt: issue.priorityLockedAt,
    seerFixabilityScore: issue.seerFixabilityScore,
    seerAutofixLastTriggered: null,
    seerExplorerAutofixLastTriggered: null,
    project: projectRef(store, issue),
    type: issue.type,
    issueType: issue.issueType,
    issueCategory: issue.issueCategory,
    metadata: { ...issue.metadata },
    numComments: issue.numComments,
    assignedTo: issue.assignedTo ? { ...issue.assignedTo } : null,
    isBookmarked: issue.isBookmarked,
    isSubscribed: issue.isSubscribed,
    subscriptionDetails: issue.isSubscribed ? { reason: "assigned" } : null,
    hasSeen: issue.hasSeen,
    annotations: [],
    isUnhandled: issue.isUnhandled,
    count: issue.count,
    userCount: issue.userCount,
    firstSeen: issue.firstSeen,
    lastSeen: issue.lastSeen,
  };
}

function derivedData(issue: IssueRecord): JsonObject {
  return {
    blocker: "",
    progress: "",
    status: issue.status,
    viewCount: issue.hasSeen ? 3 : 0,
    hasOpenFixPr: false,
    isAssigned: issue.assignedTo !== null,
    hasRootCause: false,
    lastCompletedAutofixStep: "",
    lastProgressedAt: null,
  };
}

const INBOX_REASON: Record<string, number> = { new: 0, regressed: 2, escalating: 6 };

export interface ListOptions {
  collapse: Set<string>;
  matchingEventId?: string | null;
}

export function serializeIssueListItem(
  store: SandboxStore,
  issue: IssueRecord,
  baseUrl: string,
  opts: ListOptions,
): JsonObject {
  const project = store.projects.find((p) => p.id === issue.projectId)!;
  const out: JsonObject = {
    ...serializeIssueBase(store, issue, baseUrl),
    derivedData: derivedData(issue),
    sessionCount: issue.userCount * 7 + 120,
    inbox: {
      reason: INBOX_REASON[issue.substatus ?? ""] ?? 3,
      reason_details: null,
      date_added: issue.firstSeen,
    },
    owners: {
      type: "ownershipRule",
      owner: issue.assignedTo
        ? `${issue.assignedTo.type}:${issue.assignedTo.id}`
        : `team:${project.teamIds[0] ?? "0"}`,
      date_added: issue.firstSeen,
    },
    integrationIssues: [],
    sentryAppIssues: [],
    latestEventHasAttachments: false,
    matchingEventId: opts.matchingEventId ?? null,
    matchingEventEnvironment: null,
  };
  if (!opts.collapse.has("stats")) out.stats = { "24h": issueStats(store, issue, HOUR, 24) };
  if (!opts.collapse.has("lifetime")) {
    out.lifetime = {
      count: issue.count,
      userCount: issue.userCount,
      firstSeen: issue.firstSeen,
      lastSeen: issue.lastSeen,
      stats: null,
    };
  }
  if (!opts.collapse.has("filtered")) out.filtered = null;
  if (opts.collapse.has("unhandled")) delete out.isUnhandled;
  return out;
}

function releaseRef(store: SandboxStore, version: string | undefined): JsonObject | null {
  if (!version) return null;
  const rel = store.releases.find((r) => r.version === version);
  if (!rel) return null;
  return {
    version: rel.version,
    shortVersion: rel.version.split("@").pop() ?? rel.version,
    ref: rel.ref,
    url: rel.url,
    dateCreated: rel.dateCreated,
    dateReleased: rel.dateReleased,
  };
}

export function serializeIssueDetail(
  store: SandboxStore,
  issue: IssueRecord,
  baseUrl: string,
): JsonObject {
  const tags = store.issueTags.get(issue.id) ?? [];
  const currentUser = store.users.find((u) => u.id === store.currentUserId);
  const participants =
    issue.assignedTo?.type === "user"
      ? store.users.filter((u) => u.id === issue.assignedTo?.id).map(serializeUser)
      : [];
  return {
    ...serializeIssueBase(store, issue, baseUrl),
    derivedData: derivedData(issue),
    firstRelease: releaseRef(store, issue.releases[0]),
    lastRelease: releaseRef(store, issue.releases.at(-1)),
    tags: tags.map((t) => ({
      key: t.key,
      name: t.name,
      totalValues: t.values.reduce((sum, v) => sum + v.count, 0),
    })),
    stats: {
      "24h": issueStats(store, issue, HOUR, 24),
      "30d": issueStats(store, issue, DAY, 30),
    },
    activity: issue.activity.map((a) => ({ ...a })),
    openPeriods: [
      {
        start: issue.firstSeen,
        end: issue.status === "resolved" ? issue.lastSeen : null,
        duration: null,
        isOpen: issue.status !== "resolved",
        lastChecked: issue.lastSeen,
      },
    ],
    seenBy:
      issue.hasSeen && currentUser
        ? [{ ...serializeUser(currentUser), lastSeen: issue.lastSeen }]
        : [],
    participants,
    pluginActions: [],
    pluginIssues: [],
    pluginContexts: [],
    userReportCount:
      store.userReports.filter((r) => r.groupId === issue.id).length ||
      (issue.issueCategory === "feedback" ? 1 : 0),
    integrationIssues: [],
    sentryAppIssues: [],
    latestEventHasAttachments: false,
    shareId: issue.shareId ?? (issue.isPublic ? hexId(`${issue.id}:share`) : null),
  };
}
