/**
 * Record types of the sandbox's in-memory store. Records are plain, mutable, Sentry-shaped
 * objects plus a few internal link fields (`orgId`, `projectId`, ...); the route serializers
 * decide which fields go on the wire.
 */

import type { AiConversationRecord } from "./ai-conversations.js";
import type { AlertStore } from "./alerts.js";
import type { SeerStore } from "./autofix.js";
import type { DashboardRecord } from "./dashboards.js";
import type { ExploreData } from "./explore-types.js";
import type { InboundFilterRecord } from "./inbound-filters.js";
import type { IssueLinkStore } from "./issue-links.js";
import type { MonitorStore } from "./monitors.js";
import type { OnboardingRun } from "./onboarding.js";
import type { ProfileStore } from "./profiles.js";
import type { ReplayRecord } from "./replays.js";
import type { SnapshotRecord } from "./snapshots.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Avatar {
  avatarType: string;
  avatarUuid: string | null;
  avatarUrl: string | null;
}

export interface OrgRecord {
  id: string;
  slug: string;
  name: string;
  dateCreated: string;
  status: { id: string; name: string };
  isEarlyAdopter: boolean;
  require2FA: boolean;
  avatar: Avatar;
  hasAuthProvider: boolean;
  allowMemberInvite: boolean;
  allowMemberProjectCreation: boolean;
  allowSuperuserAccess: boolean;
  features: string[];
  access: string[];
}

export interface UserRecord {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarUrl: string;
  isActive: boolean;
  isSuspended: boolean;
  hasPasswordAuth: boolean;
  isManaged: boolean;
  dateJoined: string;
  lastLogin: string | null;
  has2fa: boolean;
  lastActive: string | null;
  isSuperuser: boolean;
  isStaff: boolean;
  experiments: JsonObject;
  emails: Array<{ id: string; email: string; is_verified: boolean }>;
  avatar: Avatar;
  options: JsonObject;
}

export interface MemberRecord {
  id: string;
  orgId: string;
  /** null for a pending invite */
  userId: string | null;
  email: string;
  name: string;
  orgRole: string;
  pending: boolean;
  expired: boolean;
  dateCreated: string;
  inviteStatus: string;
  inviterName: string | null;
  /** team slugs */
  teams: string[];
}

export interface TeamRecord {
  id: string;
  orgId: string;
  slug: string;
  name: string;
  dateCreated: string;
  avatar: Avatar;
}

export interface ProjectRecord {
  id: string;
  orgId: string;
  slug: string;
  name: string;
  platform: string | null;
  platforms: string[];
  dateCreated: string;
  firstEvent: string | null;
  /** team ids */
  teamIds: string[];
  features: string[];
  environments: string[];
  color: string;
  isBookmarked: boolean;
  flags: ProjectFlags;
  /** code mappings linking a repository to the project's stack traces */
  codeMappings?: Array<{ repositoryId: string; stackRoot: string; sourceRoot: string }>;
}

export interface ProjectFlags {
  firstTransactionEvent: boolean;
  hasFeedbacks: boolean;
  hasFlags: boolean;
  hasMinifiedStackTrace: boolean;
  hasMonitors: boolean;
  hasNewFeedbacks: boolean;
  hasProfiles: boolean;
  hasReplays: boolean;
  hasSessions: boolean;
  hasInsightsHttp: boolean;
  hasInsightsDb: boolean;
  hasInsightsAssets: boolean;
  hasInsightsAppStart: boolean;
  hasInsightsScreenLoad: boolean;
  hasInsightsVitals: boolean;
  hasInsightsCaches: boolean;
  hasInsightsQueues: boolean;
  hasInsightsAgentMonitoring: boolean;
  hasInsightsMCP: boolean;
  hasLogs: boolean;
  hasTraceMetrics: boolean;
  hasUserReports: boolean;
}

export type AssignedTo = {
  type: "user" | "team";
  id: string;
  name: string;
  email?: string;
} | null;

export interface IssueRecord {
  id: string;
  projectId: string;
  shareId: string | null;
  shortId: string;
  title: string;
  culprit: string | null;
  logger: string | null;
  level: string;
  status: string;
  statusDetails: JsonObject;
  substatus: string | null;
  isPublic: boolean;
  platform: string | null;
  priority: "high" | "medium" | "low" | null;
  priorityLockedAt: string | null;
  type: string;
  issueType: string;
  issueCategory: string;
  metadata: JsonObject;
  numComments: number;
  assignedTo: AssignedTo;
  isBookmarked: boolean;
  isSubscribed: boolean;
  hasSeen: boolean;
  isUnhandled: boolean;
  /** Sentry sends the event count as a string */
  count: string;
  userCount: number;
  firstSeen: string;
  lastSeen: string;
  seerFixabilityScore: number | null;
  /** internal: environments the issue was seen in */
  environments: string[];
  /** internal: release versions the issue was seen in, oldest first */
  releases: string[];
  activity: JsonObject[];
}

/** A Sentry event as the event detail endpoints return it (minus computed neighbours). */
export interface EventRecord {
  id: string;
  eventID: string;
  groupID: string | null;
  projectID: string;
  type: string;
  title: string;
  message: string | null;
  location: string | null;
  culprit: string | null;
  platform: string;
  dateCreated: string;
  dateReceived: string;
  size: number;
  entries: JsonObject[];
  dist: string | null;
  user: JsonObject | null;
  contexts: JsonObject;
  context: JsonObject | null;
  sdk: { name: string; version: string } | null;
  packages: { [name: string]: string | null };
  tags: Array<{ key: string; value: string }>;
  metadata: JsonObject;
  errors: JsonObject[];
  occurrence: JsonObject | null;
  fingerprints: string[];
  /** release version, serialized to a release object */
  release: string | null;
  crashFile: string | null;
}

export interface RepositoryRecord {
  id: string;
  orgId: string;
  name: string;
  url: string;
  provider: { id: string; name: string };
  dateCreated: string;
}

export interface CommitAuthor {
  name: string;
  email: string;
}

export interface CommitRecord {
  id: string;
  repositoryId: string;
  message: string;
  dateCreated: string;
  author: CommitAuthor;
}

export interface DeployRecord {
  id: string;
  environment: string;
  name: string | null;
  url: string | null;
  dateStarted: string | null;
  dateFinished: string;
}

export interface ReleaseRecord {
  id: number;
  orgId: string;
  version: string;
  ref: string | null;
  url: string | null;
  status: string;
  dateCreated: string;
  dateReleased: string | null;
  /** project ids */
  projectIds: string[];
  /** commit shas, newest first */
  commitIds: string[];
  deploys: DeployRecord[];
}

export interface SuspectCommit {
  commitId: string;
  suspectCommitType: string;
}

export interface Committer {
  author: CommitAuthor;
  commits: SuspectCommit[];
}

export interface TagValueRecord {
  value: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface TagRecord {
  key: string;
  name: string;
  values: TagValueRecord[];
}

export interface SandboxStore {
  now: Date;
  currentUserId: string;
  organizations: OrgRecord[];
  users: UserRecord[];
  members: MemberRecord[];
  teams: TeamRecord[];
  projects: ProjectRecord[];
  issues: IssueRecord[];
  events: EventRecord[];
  repositories: RepositoryRecord[];
  commits: CommitRecord[];
  releases: ReleaseRecord[];
  /** issue id -> suspect committers (applies to every event of that issue) */
  committers: Map<string, Committer[]>;
  /** issue id -> tag distribution */
  issueTags: Map<string, TagRecord[]>;
  /** legacy user reports (user feedback attached to an event); see issue-extras.ts */
  userReports: UserReportRecord[];
  /** files attached to events; see issue-extras.ts */
  attachments: AttachmentRecord[];
  /** spans (grouped into traces), logs, trace metrics and profiled calls */
  explore: ExploreData;
  /** alerts (workflows), monitors (detectors) and legacy alert rules; see alerts.ts */
  alerts: AlertStore;
  /** cron monitors and their check-ins; see monitors.ts */
  crons: MonitorStore;
  /** custom dashboards; see dashboards.ts */
  dashboards: DashboardRecord[];
  /** Seer (issue autofix) runs; see autofix.ts */
  seer: SeerStore;
  /** client keys (DSNs) of every project; see keys.ts */
  projectKeys: ProjectKeyRecord[];
  /** uptime monitors (HTTP checks); see uptime.ts */
  uptimeMonitors: UptimeMonitorRecord[];
  /** session replays with their recordings; see replays.ts */
  replays: ReplayRecord[];
  /** transaction profiles and continuous profile chunks; see profiles.ts */
  profiles: ProfileStore;
  /** AI conversations (gen_ai spans); see ai-conversations.ts */
  aiConversations: AiConversationRecord[];
  snapshots: SnapshotRecord[];
  onboardingRuns: OnboardingRun[];
  /** ticket integrations, Sentry Apps and the issues' links to tickets; see issue-links.ts */
  issueLinks: IssueLinkStore;
  /** custom inbound filters; see inbound-filters.ts */
  inboundFilters: InboundFilterRecord[];
}

export interface UserReportRecord {
  id: string;
  projectId: string;
  groupId: string;
  eventId: string;
  name: string;
  email: string;
  comments: string;
  dateCreated: string;
  /** the event's user as Sentry serializes it, or null */
  user: JsonObject | null;
}

export interface AttachmentRecord {
  id: string;
  projectId: string;
  eventId: string;
  name: string;
  /** event.attachment, event.minidump, event.view_hierarchy, ... */
  type: string;
  mimetype: string | null;
  size: number;
  sha1: string;
  dateCreated: string;
  /** body: UTF-8 text, base64 bytes, or `filler` bytes generated on download after `head` */
  content: { text: string } | { base64: string } | { filler: number; head: number[] };
}

/** A project's client key (DSN). `id` is the public key, as in Sentry. */
export interface ProjectKeyRecord {
  id: string;
  projectId: string;
  /** 1-based order of creation within the project (drives the deterministic ids) */
  seq: number;
  name: string;
  secret: string;
  isActive: boolean;
  rateLimit: { count: number; window: number } | null;
  dateCreated: string;
  useCase: string;
  /** JavaScript loader settings; unset means Sentry's defaults */
  browserSdkVersion?: string;
  dynamicSdkLoaderOptions?: Partial<Record<LoaderOption, boolean>>;
}

export type LoaderOption =
  | "hasReplay"
  | "hasPerformance"
  | "hasDebug"
  | "hasFeedback"
  | "hasLogsAndMetrics";

export interface UptimeMonitorRecord {
  id: string;
  orgId: string;
  projectId: string;
  name: string;
  environment: string | null;
  /** active | disabled */
  status: string;
  /** 1 = up, 2 = down */
  uptimeStatus: number;
  mode: number;
  /** `team:<id>` or `user:<id>` */
  owner: string | null;
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | null;
  intervalSeconds: number;
  timeoutMs: number;
  traceSampling: boolean;
  /** capture the response body and headers of failed checks */
  responseCaptureEnabled: boolean;
  recoveryThreshold: number;
  downtimeThreshold: number;
  dateCreated: string;
}
