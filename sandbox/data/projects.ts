/** Seed: projects of both organizations with their feature flags. */

import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type { ProjectFlags, ProjectRecord } from "./types.js";
import { ago, DAY } from "./util.js";

const NO_FLAGS: ProjectFlags = {
  firstTransactionEvent: false,
  hasFeedbacks: false,
  hasFlags: false,
  hasMinifiedStackTrace: false,
  hasMonitors: false,
  hasNewFeedbacks: false,
  hasProfiles: false,
  hasReplays: false,
  hasSessions: false,
  hasInsightsHttp: false,
  hasInsightsDb: false,
  hasInsightsAssets: false,
  hasInsightsAppStart: false,
  hasInsightsScreenLoad: false,
  hasInsightsVitals: false,
  hasInsightsCaches: false,
  hasInsightsQueues: false,
  hasInsightsAgentMonitoring: false,
  hasInsightsMCP: false,
  hasLogs: false,
  hasTraceMetrics: false,
  hasUserReports: false,
};

const BASE_FEATURES = ["alert-filters", "discard-groups", "similarity-indexing", "similarity-view"];

export function seedProjects(now: Date): ProjectRecord[] {
  const p = (
    fields: Omit<
      ProjectRecord,
      "flags" | "features" | "isBookmarked" | "dateCreated" | "firstEvent"
    >,
    daysAgo: number,
    flags: Partial<ProjectFlags>,
    features: string[],
    bookmarked = false,
  ): ProjectRecord => ({
    ...fields,
    dateCreated: ago(now, daysAgo * DAY),
    firstEvent: ago(now, (daysAgo - 1) * DAY),
    features: [...BASE_FEATURES, ...features],
    isBookmarked: bookmarked,
    flags: { ...NO_FLAGS, ...flags },
  });
  return [
    p(
      {
        id: "4500011",
        orgId: ACME_ORG_ID,
        slug: "backend",
        name: "backend",
        platform: "python",
        platforms: ["python"],
        teamIds: ["4500101"],
        environments: ["production", "staging"],
        color: "#3f70bf",
      },
      780,
      {
        firstTransactionEvent: true,
        hasMonitors: true,
        hasProfiles: true,
        hasSessions: true,
        hasInsightsDb: true,
        hasInsightsHttp: true,
        hasInsightsCaches: true,
        hasInsightsQueues: true,
        hasLogs: true,
      },
      ["profiling", "crons", "releases"],
      true,
    ),
    p(
      {
        id: "4500012",
        orgId: ACME_ORG_ID,
        slug: "frontend",
        name: "frontend",
        platform: "javascript-react",
        platforms: ["javascript", "javascript-react"],
        teamIds: ["4500102"],
        environments: ["production", "staging", "preview"],
        color: "#bf6e3f",
      },
      590,
      {
        firstTransactionEvent: true,
        hasReplays: true,
        hasSessions: true,
        hasFeedbacks: true,
        hasNewFeedbacks: true,
        hasUserReports: true,
        hasMinifiedStackTrace: true,
        hasInsightsVitals: true,
        hasInsightsAssets: true,
        hasInsightsHttp: true,
      },
      ["session-replay", "releases", "source-maps"],
    ),
    p(
      {
        id: "4500013",
        orgId: ACME_ORG_ID,
        slug: "mobile-app",
        name: "Mobile App",
        platform: "android",
        platforms: ["android", "java"],
        teamIds: ["4500103"],
        environments: ["production", "beta"],
        color: "#57be8c",
      },
      310,
      {
        firstTransactionEvent: true,
        hasProfiles: true,
        hasSessions: true,
        hasFeedbacks: true,
        hasInsightsAppStart: true,
        hasInsightsScreenLoad: true,
      },
      ["profiling", "mobile-vitals", "releases"],
    ),
    p(
      {
        id: "4500014",
        orgId: ACME_ORG_ID,
        slug: "payments",
        name: "payments",
        platform: "node",
        platforms: ["node"],
        teamIds: ["4500101"],
        environments: ["production"],
        color: "#8c57be",
      },
      420,
      {
        firstTransactionEvent: true,
        hasMonitors: true,
        hasInsightsHttp: true,
        hasInsightsQueues: true,
      },
      ["crons", "uptime", "releases"],
    ),
    p(
      {
        id: "4500021",
        orgId: GLOBEX_ORG_ID,
        slug: "storefront",
        name: "storefront",
        platform: "php",
        platforms: ["php"],
        teamIds: ["4500111"],
        environments: ["production"],
        color: "#be5757",
      },
      200,
      {},
      [],
    ),
  ];
}
