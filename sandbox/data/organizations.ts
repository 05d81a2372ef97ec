/** Seed: organizations, users, members and teams. */

import type { Avatar, MemberRecord, OrgRecord, TeamRecord, UserRecord } from "./types.js";
import { ago, DAY, HOUR } from "./util.js";

export const ACME_ORG_ID = "4500001";
export const GLOBEX_ORG_ID = "4500002";
export const CURRENT_USER_ID = "100001";

const letterAvatar: Avatar = { avatarType: "letter_avatar", avatarUuid: null, avatarUrl: null };

const ORG_ACCESS = [
  "org:read",
  "org:write",
  "member:read",
  "team:read",
  "team:write",
  "project:read",
  "project:write",
  "project:releases",
  "event:read",
  "event:write",
  "event:admin",
  "alerts:read",
  "alerts:write",
];

export function seedOrganizations(now: Date): OrgRecord[] {
  const base = {
    status: { id: "active", name: "active" },
    isEarlyAdopter: false,
    require2FA: false,
    avatar: { ...letterAvatar },
    hasAuthProvider: false,
    allowMemberInvite: true,
    allowMemberProjectCreation: true,
    allowSuperuserAccess: false,
    access: [...ORG_ACCESS],
  };
  return [
    {
      ...base,
      id: ACME_ORG_ID,
      slug: "acme",
      name: "Acme Corp",
      dateCreated: ago(now, 820 * DAY),
      isEarlyAdopter: true,
      features: [
        "issue-platform",
        "performance-view",
        "session-replay",
        "profiling",
        "crons",
        "uptime",
        "user-feedback-ui",
        "gen-ai-features",
      ],
      avatar: { ...letterAvatar },
      access: [...ORG_ACCESS],
    },
    {
      ...base,
      id: GLOBEX_ORG_ID,
      slug: "globex",
      name: "Globex",
      dateCreated: ago(now, 210 * DAY),
      features: ["issue-platform"],
      avatar: { ...letterAvatar },
      access: [...ORG_ACCESS],
    },
  ];
}

interface Person {
  id: string;
  name: string;
  username: string;
  email: string;
  joinedDaysAgo: number;
  lastActiveAgo: number;
}

const PEOPLE: Person[] = [
  {
    id: CURRENT_USER_ID,
    name: "Dana Reyes",
    username: "dana.reyes",
    email: "dana.reyes@acme.example",
    joinedDaysAgo: 800,
    lastActiveAgo: 5 * 60_000,
  },
  {
    id: "100002",
    name: "Priya Natarajan",
    username: "priya",
    email: "priya.natarajan@acme.example",
    joinedDaysAgo: 640,
    lastActiveAgo: 3 * HOUR,
  },
  {
    id: "100003",
    name: "Marcus Oyelaran",
    username: "marcus.o",
    email: "marcus.oyelaran@acme.example",
    joinedDaysAgo: 410,
    lastActiveAgo: 26 * HOUR,
  },
  {
    id: "100004",
    name: "Sofia Lindqvist",
    username: "sofia.l",
    email: "sofia.lindqvist@acme.example",
    joinedDaysAgo: 300,
    lastActiveAgo: 2 * DAY,
  },
  {
    id: "100005",
    name: "Kenji Watanabe",
    username: "kwatanabe",
    email: "kenji.watanabe@acme.example",
    joinedDaysAgo: 95,
    lastActiveAgo: 9 * DAY,
  },
  {
    id: "100006",
    name: "Lena Brandt",
    username: "lena.brandt",
    email: "lena.brandt@globex.example",
    joinedDaysAgo: 200,
    lastActiveAgo: 4 * HOUR,
  },
];

export function seedUsers(now: Date): UserRecord[] {
  return PEOPLE.map((p, i) => ({
    id: p.id,
    name: p.name,
    username: p.username,
    email: p.email,
    avatarUrl: `https://gravatar.invalid/avatar/${p.username}`,
    isActive: true,
    isSuspended: false,
    hasPasswordAuth: true,
    isManaged: false,
    dateJoined: ago(now, p.joinedDaysAgo * DAY),
    lastLogin: ago(now, p.lastActiveAgo + HOUR),
    has2fa: i % 2 === 0,
    lastActive: ago(now, p.lastActiveAgo),
    isSuperuser: false,
    isStaff: false,
    experiments: {},
    emails: [{ id: String(200000 + i + 1), email: p.email, is_verified: true }],
    avatar: { ...letterAvatar },
    options: {
      theme: "system",
      language: "en",
      stacktraceOrder: -1,
      defaultIssueEvent: "recommended",
      timezone: i === 0 ? "America/Chicago" : "UTC",
      clock24Hours: i !== 0,
    },
  }));
}

export function seedMembers(now: Date): MemberRecord[] {
  const m = (
    id: string,
    orgId: string,
    userId: string | null,
    email: string,
    name: string,
    orgRole: string,
    teams: string[],
    daysAgo: number,
  ): MemberRecord => ({
    id,
    orgId,
    userId,
    email,
    name,
    orgRole,
    pending: userId === null,
    expired: false,
    dateCreated: ago(now, daysAgo * DAY),
    inviteStatus: userId === null ? "requested_to_be_invited" : "approved",
    inviterName: userId === null ? "Dana Reyes" : null,
    teams,
  });
  return [
    m(
      "300001",
      ACME_ORG_ID,
      "100001",
      "dana.reyes@acme.example",
      "Dana Reyes",
      "owner",
      ["platform", "web"],
      800,
    ),
    m(
      "300002",
      ACME_ORG_ID,
      "100002",
      "priya.natarajan@acme.example",
      "Priya Natarajan",
      "manager",
      ["platform"],
      640,
    ),
    m(
      "300003",
      ACME_ORG_ID,
      "100003",
      "marcus.oyelaran@acme.example",
      "Marcus Oyelaran",
      "member",
      ["web"],
      410,
    ),
    m(
      "300004",
      ACME_ORG_ID,
      "100004",
      "sofia.lindqvist@acme.example",
      "Sofia Lindqvist",
      "admin",
      ["mobile", "web"],
      300,
    ),
    m(
      "300005",
      ACME_ORG_ID,
      "100005",
      "kenji.watanabe@acme.example",
      "Kenji Watanabe",
      "member",
      ["platform", "mobile"],
      95,
    ),
    m(
      "300006",
      ACME_ORG_ID,
      null,
      "contractor@outside.example",
      "contractor@outside.example",
      "member",
      [],
      2,
    ),
    m(
      "300011",
      GLOBEX_ORG_ID,
      "100006",
      "lena.brandt@globex.example",
      "Lena Brandt",
      "owner",
      ["core"],
      200,
    ),
    m(
      "300012",
      GLOBEX_ORG_ID,
      "100001",
      "dana.reyes@acme.example",
      "Dana Reyes",
      "member",
      ["core"],
      120,
    ),
  ];
}

export function seedTeams(now: Date): TeamRecord[] {
  const t = (
    id: string,
    orgId: string,
    slug: string,
    name: string,
    daysAgo: number,
  ): TeamRecord => ({
    id,
    orgId,
    slug,
    name,
    dateCreated: ago(now, daysAgo * DAY),
    avatar: { ...letterAvatar },
  });
  return [
    t("4500101", ACME_ORG_ID, "platform", "Platform", 790),
    t("4500102", ACME_ORG_ID, "web", "Web", 600),
    t("4500103", ACME_ORG_ID, "mobile", "Mobile", 320),
    t("4500111", GLOBEX_ORG_ID, "core", "Core", 205),
  ];
}
