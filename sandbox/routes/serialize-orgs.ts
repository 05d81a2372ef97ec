/** Wire shapes of organizations, users, members, teams and projects. */

import type {
  JsonObject,
  MemberRecord,
  OrgRecord,
  ProjectRecord,
  SandboxStore,
  TeamRecord,
  UserRecord,
} from "../data/types.js";

export function serializeOrg(org: OrgRecord, baseUrl: string): JsonObject {
  return {
    id: org.id,
    slug: org.slug,
    status: { ...org.status },
    name: org.name,
    dateCreated: org.dateCreated,
    isEarlyAdopter: org.isEarlyAdopter,
    require2FA: org.require2FA,
    avatar: { ...org.avatar },
    links: { organizationUrl: baseUrl, regionUrl: baseUrl },
    hasAuthProvider: org.hasAuthProvider,
    allowMemberInvite: org.allowMemberInvite,
    allowMemberProjectCreation: org.allowMemberProjectCreation,
    allowSuperuserAccess: org.allowSuperuserAccess,
    features: [...org.features],
    access: [...org.access],
    extraOptions: {},
    onboardingTasks: [],
  };
}

export function serializeUser(user: UserRecord): JsonObject {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatarUrl: user.avatarUrl,
    isActive: user.isActive,
    isSuspended: user.isSuspended,
    hasPasswordAuth: user.hasPasswordAuth,
    isManaged: user.isManaged,
    dateJoined: user.dateJoined,
    lastLogin: user.lastLogin,
    has2fa: user.has2fa,
    lastActive: user.lastActive,
    isSuperuser: user.isSuperuser,
    isStaff: user.isStaff,
    experiments: { ...user.experiments },
    emails: user.emails.map((e) => ({ ...e })),
    avatar: { ...user.avatar },
    identities: [],
    authenticators: [],
    canReset2fa: true,
    options: { ...user.options },
    flags: { newsletter_consent_prompt: false },
  };
}

export function serializeMember(store: SandboxStore, member: MemberRecord): JsonObject {
  const user = member.userId ? store.users.find((u) => u.id === member.userId) : undefined;
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    user: user ? serializeUser(user) : null,
    orgRole: member.orgRole,
    role: member.orgRole,
    roleName: member.orgRole.charAt(0).toUpperCase() + member.orgRole.slice(1),
    pending: member.pending,
    expired: member.expired,
    flags: {
      "idp:provisioned": false,
      "idp:role-restricted": false,
      "sso:linked": false,
      "sso:invalid": false,
      "member-limit:restricted": false,
      "partnership:restricted": false,
    },
    dateCreated: member.dateCreated,
    inviteStatus: member.inviteStatus,
    inviterName: member.inviterName,
    teams: [...member.teams],
    teamRoles: member.teams.map((slug) => ({ teamSlug: slug, role: null })),
    externalUsers: [],
  };
}

const TEAM_ACCESS = [
  "team:read",
  "project:read",
  "project:releases",
  "event:read",
  "event:write",
  "alerts:read",
];

function isCurrentUserMember(store: SandboxStore, orgId: string, teamSlug: string): boolean {
  return store.members.some(
    (m) => m.orgId === orgId && m.userId === store.currentUserId && m.teams.includes(teamSlug),
  );
}

function teamRef(team: TeamRecord): JsonObject {
  return { id: team.id, name: team.name, slug: team.slug };
}

function projectTeams(store: SandboxStore, project: ProjectRecord): TeamRecord[] {
  return project.teamIds
    .map((id) => store.teams.find((t) => t.id === id))
    .filter((t): t is TeamRecord => t !== undefined);
}

function latestRelease(store: SandboxStore, project: ProjectRecord): JsonObject | null {
  const rel = store.releases
    .filter((r) => r.projectIds.includes(project.id))
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))[0];
  return rel ? { version: rel.version } : null;
}

const PROJECT_ACCESS = [
  "project:read",
  "project:write",
  "project:releases",
  "event:read",
  "event:write",
  "alerts:read",
];

/** Fields shared by every project serializer (the "project summary" of Sentry's API). */
function projectCore(store: SandboxStore, project: ProjectRecord): JsonObject {
  const org = store.organizations.find((o) => o.id === project.orgId);
  const isMember = projectTeams(store, project).some((t) =>
    isCurrentUserMember(store, project.orgId, t.slug),
  );
  return {
    id: project.id,
    slug: project.slug,
    name: project.name,
    platform: project.platform,
    dateCreated: project.dateCreated,
    isBookmarked: project.isBookmarked,
    isMember,
    features: [...project.features],
    firstEvent: project.firstEvent,
    access: org ? [...PROJECT_ACCESS] : [],
    hasAccess: true,
    ...project.flags,
  };
}

export function serializeProjectForTeam(store: SandboxStore, project: ProjectRecord): JsonObject {
  return {
    ...projectCore(store, project),
    isInternal: false,
    isPublic: false,
    avatar: { avatarType: "letter_avatar", avatarUuid: null, avatarUrl: null },
    color: project.color,
    status: "active",
  };
}

export function serializeProjectSummary(store: SandboxStore, project: ProjectRecord): JsonObject {
  const teams = projectTeams(store, project);
  return {
    ...projectCore(store, project),
    team: teams[0] ? teamRef(teams[0]) : null,
    teams: teams.map(teamRef),
    platforms: [...project.platforms],
    environments: [...project.environments],
    latestRelease: latestRelease(store, project),
    latestDeploys: null,
    options: {},
  };
}

export function serializeProjectDetail(
  store: SandboxStore,
  project: ProjectRecord,
  baseUrl: string,
): JsonObject {
  const teams = projectTeams(store, project);
  const org = store.organizations.find((o) => o.id === project.orgId)!;
  return {
    ...serializeProjectForTeam(store, project),
    ...(teams[0] ? { team: teamRef(teams[0]) } : {}),
    teams: teams.map(teamRef),
    latestRelease: latestRelease(store, project),
    options: { "sentry:resolve_age": 0, "sentry:scrub_data": true },
    digestsMinDelay: 300,
    digestsMaxDelay: 1800,
    subjectPrefix: "",
    allowedDomains: ["*"],
    resolveAge: 0,
    dataScrubber: true,
    dataScrubberDefaults: true,
    safeFields: [],
    storeCrashReports: null,
    sensitiveFields: [],
    subjectTemplate: "$shortID - $title",
    securityToken: `sec_${project.id}_${project.slug.replace(/-/g, "")}`,
    securityTokenHeader: null,
    verifySSL: false,
    scrubIPAddresses: false,
    scrapeJavaScript: true,
    enableAutoReleaseCreation: true,
    highlightTags: ["environment", "release", "handled", "level"],
    highlightContext: {},
    highlightPreset: { tags: ["environment", "release"], context: {} },
    groupingConfig: "newstyle:2023-01-11",
    derivedGroupingEnhancements: "",
    groupingEnhancements: "",
    secondaryGroupingExpiry: 0,
    secondaryGroupingConfig: null,
    fingerprintingRules: "",
    organization: serializeOrg(org, baseUrl),
    platforms: [...project.platforms],
    processingIssues: 0,
    defaultEnvironment: null,
    relayPiiConfig: null,
    builtinSymbolSources: project.platform === "android" ? ["android"] : [],
    dynamicSamplingBiases: null,
    symbolSources: "[]",
    isDynamicallySampled: false,
    tempestFetchScreenshots: false,
    autofixAutomationTuning: "off",
    seerScannerAutomation: false,
    seerNightshiftTweaks: null,
    scmSourceContextEnabled: false,
    debugFilesRole: null,
    environments: [...project.environments],
  };
}

export function serializeTeam(
  store: SandboxStore,
  team: TeamRecord,
  detailed: boolean,
): JsonObject {
  const memberCount = store.members.filter(
    (m) => m.orgId === team.orgId && !m.pending && m.teams.includes(team.slug),
  ).length;
  const isMember = isCurrentUserMember(store, team.orgId, team.slug);
  const out: JsonObject = {
    id: team.id,
    slug: team.slug,
    name: team.name,
    dateCreated: team.dateCreated,
    isMember,
    teamRole: isMember ? "contributor" : null,
    flags: { "idp:provisioned": false },
    access: [...TEAM_ACCESS],
    hasAccess: true,
    isPending: false,
    memberCount,
    avatar: { ...team.avatar },
  };
  if (detailed) {
    out.externalTeams = [];
    out.projects = store.projects
      .filter((p) => p.teamIds.includes(team.id))
      .map((p) => serializeProjectForTeam(store, p));
  }
  return out;
}
