/**
 * Deterministic seed store. `createStore(now)` builds a fresh, mutable store whose timestamps
 * are all relative to `now`: the same `now` always yields byte-identical data.
 */

import { seedAiConversations } from "./ai-conversations.js";
import { seedAlerts } from "./alerts.js";
import { seedSeer } from "./autofix.js";
import { type BuildContext, buildEvents, buildIssue, buildTags } from "./builders.js";
import { seedDashboards } from "./dashboards.js";
import { seedExplore } from "./explore.js";
import { seedInboundFilters } from "./inbound-filters.js";
import { seedIssueExtras } from "./issue-extras.js";
import { seedIssueLinks } from "./issue-links.js";
import { backendCheckoutIssues } from "./issues-backend-checkout.js";
import { backendErrorIssues } from "./issues-backend-errors.js";
import { backendPlatformIssues } from "./issues-backend-platform.js";
import { frontendIssues } from "./issues-frontend.js";
import { frontendMoreIssues } from "./issues-frontend-more.js";
import { globexIssues } from "./issues-globex.js";
import { mobileIssues } from "./issues-mobile.js";
import { mobileMoreIssues } from "./issues-mobile-more.js";
import { paymentsIssues } from "./issues-payments.js";
import { seedProjectKeys } from "./keys.js";
import { seedMonitors } from "./monitors.js";
import { seedOnboardingRuns } from "./onboarding.js";
import {
  CURRENT_USER_ID,
  seedMembers,
  seedOrganizations,
  seedTeams,
  seedUsers,
} from "./organizations.js";
import { seedProfiles } from "./profiles.js";
import { seedProjects } from "./projects.js";
import { seedCommits, seedCommitters, seedReleases, seedRepositories } from "./releases.js";
import { seedReplays } from "./replays.js";
import type { IssueSeed } from "./seed-types.js";
import { seedSnapshots } from "./snapshots.js";
import type { EventRecord, IssueRecord, SandboxStore, TagRecord } from "./types.js";
import { seedUptimeMonitors } from "./uptime.js";

export type * from "./types.js";

export function issueSeeds(now: Date): IssueSeed[] {
  return [
    ...backendCheckoutIssues(),
    ...backendErrorIssues(),
    ...backendPlatformIssues(now),
    ...frontendIssues(),
    ...frontendMoreIssues(now),
    ...mobileIssues(),
    ...mobileMoreIssues(),
    ...paymentsIssues(now),
    ...globexIssues(),
  ];
}

export function createStore(now: Date = new Date()): SandboxStore {
  const ctx: BuildContext = {
    now,
    projects: seedProjects(now),
    users: seedUsers(now),
    teams: seedTeams(now),
  };
  const issues: IssueRecord[] = [];
  const events: EventRecord[] = [];
  const issueTags = new Map<string, TagRecord[]>();
  // Seeds reuse module-level constants (SDKs, request data): copy them so no two stores share an object.
  for (const seed of structuredClone(issueSeeds(now))) {
    const tags = buildTags(ctx, seed);
    issues.push(buildIssue(ctx, seed));
    issueTags.set(seed.id, tags);
    events.push(...buildEvents(ctx, seed, tags));
  }
  issues.sort((a, b) => a.id.localeCompare(b.id));
  const store: SandboxStore = {
    now,
    currentUserId: CURRENT_USER_ID,
    organizations: seedOrganizations(now),
    users: ctx.users,
    members: seedMembers(now),
    teams: ctx.teams,
    projects: ctx.projects,
    issues,
    events,
    repositories: seedRepositories(now),
    commits: seedCommits(now),
    releases: seedReleases(now),
    committers: seedCommitters(),
    issueTags,
    explore: seedExplore(now, events),
    userReports: [],
    attachments: [],
    alerts: seedAlerts(now),
    crons: structuredClone(seedMonitors(now)),
    dashboards: seedDashboards(now),
    seer: seedSeer(now),
    projectKeys: seedProjectKeys(now, ctx.projects),
    uptimeMonitors: seedUptimeMonitors(now),
    replays: structuredClone(seedReplays(now, events)),
    profiles: { profiles: [], chunks: [] },
    aiConversations: structuredClone(seedAiConversations(now)),
    snapshots: seedSnapshots(now),
    onboardingRuns: seedOnboardingRuns(now),
    issueLinks: seedIssueLinks(),
    inboundFilters: seedInboundFilters(now),
  };
  seedIssueExtras(store);
  store.attachments = structuredClone(store.attachments);
  store.profiles = seedProfiles(now, store.explore.spans);
  return store;
}
