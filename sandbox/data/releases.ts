/** Seed: repositories, commits, releases, deploys and suspect commits. */

import { ACME_ORG_ID, GLOBEX_ORG_ID } from "./organizations.js";
import type {
  CommitAuthor,
  CommitRecord,
  Committer,
  DeployRecord,
  ReleaseRecord,
  RepositoryRecord,
} from "./types.js";
import { ago, DAY, HOUR, hexId } from "./util.js";

const PRIYA: CommitAuthor = { name: "Priya Natarajan", email: "priya.natarajan@acme.example" };
const MARCUS: CommitAuthor = { name: "Marcus Oyelaran", email: "marcus.oyelaran@acme.example" };
const SOFIA: CommitAuthor = { name: "Sofia Lindqvist", email: "sofia.lindqvist@acme.example" };
const KENJI: CommitAuthor = { name: "Kenji Watanabe", email: "kenji.watanabe@acme.example" };
const DANA: CommitAuthor = { name: "Dana Reyes", email: "dana.reyes@acme.example" };
const LENA: CommitAuthor = { name: "Lena Brandt", email: "lena.brandt@globex.example" };
const BOT: CommitAuthor = {
  name: "dependabot[bot]",
  email: "49699333+dependabot[bot]@users.noreply.github.com",
};

export function seedRepositories(now: Date): RepositoryRecord[] {
  const r = (id: string, orgId: string, name: string, daysAgo: number): RepositoryRecord => ({
    id,
    orgId,
    name,
    url: `https://github.com/${name}`,
    provider: { id: "integrations:github", name: "GitHub" },
    dateCreated: ago(now, daysAgo * DAY),
  });
  return [
    r("4500201", ACME_ORG_ID, "acme-corp/backend", 700),
    r("4500202", ACME_ORG_ID, "acme-corp/web-app", 580),
    r("4500203", ACME_ORG_ID, "acme-corp/android-app", 300),
    r("4500204", ACME_ORG_ID, "acme-corp/payments-service", 410),
    r("4500211", GLOBEX_ORG_ID, "globex/storefront", 190),
  ];
}

/** [key, repositoryId, message, author, hoursAgo] */
type CommitRow = [string, string, string, CommitAuthor, number];

const COMMITS: CommitRow[] = [
  [
    "be-lock",
    "4500201",
    "fix(orders): lock stock rows with select_for_update during checkout",
    PRIYA,
    54,
  ],
  [
    "be-invoice",
    "4500201",
    "feat(billing): key invoices by account instead of customer (#4121)",
    KENJI,
    55,
  ],
  ["be-django", "4500201", "chore(deps): bump django from 5.1.1 to 5.1.2", BOT, 57],
  ["be-reports", "4500201", "perf(reports): paginate monthly report rendering", DANA, 60],
  ["be-pool", "4500201", "fix(db): raise connection pool timeout to 5s", PRIYA, 221],
  ["be-runbook", "4500201", "docs: runbook for postgres failover", KENJI, 223],
  ["fe-tooltip", "4500202", "feat(dashboard): hover tooltips on the revenue chart", MARCUS, 26],
  ["fe-clock", "4500202", "fix: hydrate with a stable clock", MARCUS, 28],
  ["fe-sdk", "4500202", "chore: upgrade @sentry/react to 8.42.0", SOFIA, 31],
  ["fe-lazy", "4500202", "feat(settings): lazy-load the billing settings route", MARCUS, 146],
  ["mo-onetap", "4500203", "feat(checkout): one-tap payment sheet", SOFIA, 290],
  [
    "mo-images",
    "4500203",
    "perf(catalog): decode product images at full resolution for tablets",
    SOFIA,
    292,
  ],
  ["pay-route", "4500204", "feat(gateway): route EUR charges through northbank", PRIYA, 98],
  ["pay-refund", "4500204", "fix(refunds): handle partially captured charges", KENJI, 100],
  ["gx-cart", "4500211", "cart: persist carts to the database", LENA, 101],
];

export const commitSha = (key: string): string => hexId(`commit:${key}`, 40);

export function seedCommits(now: Date): CommitRecord[] {
  return COMMITS.map(([key, repositoryId, message, author, hoursAgo]) => ({
    id: commitSha(key),
    repositoryId,
    message,
    dateCreated: ago(now, hoursAgo * HOUR),
    author: { ...author },
  }));
}

export function seedReleases(now: Date): ReleaseRecord[] {
  const deploy = (
    id: string,
    environment: string,
    hoursAgo: number,
    name: string | null,
    url: string | null,
  ): DeployRecord => ({
    id,
    environment,
    name,
    url,
    dateStarted: ago(now, hoursAgo * HOUR + 6 * 60_000),
    dateFinished: ago(now, hoursAgo * HOUR),
  });
  const rel = (
    id: number,
    orgId: string,
    version: string,
    projectIds: string[],
    createdHoursAgo: number,
    commitKeys: string[],
    deploys: DeployRecord[],
    ref: string | null = null,
  ): ReleaseRecord => {
    const prod = deploys.find((d) => d.environment === "production");
    return {
      id,
      orgId,
      version,
      ref,
      url: null,
      status: "open",
      dateCreated: ago(now, createdHoursAgo * HOUR),
      dateReleased: prod ? prod.dateFinished : null,
      projectIds,
      commitIds: commitKeys.map(commitSha),
      deploys,
    };
  };
  return [
    rel(
      71001,
      ACME_ORG_ID,
      "backend@2.13.2",
      ["4500011"],
      218,
      ["be-pool", "be-runbook"],
      [
        deploy(
          "81001",
          "production",
          216,
          "backend 2.13.2",
          "https://deploys.acme.example/backend/2.13.2",
        ),
      ],
    ),
    rel(
      71002,
      ACME_ORG_ID,
      "backend@2.14.0",
      ["4500011"],
      52,
      ["be-lock", "be-invoice", "be-django", "be-reports"],
      [
        deploy("81002", "staging", 51, null, null),
        deploy(
          "81003",
          "production",
          48,
          "backend 2.14.0",
          "https://deploys.acme.example/backend/2.14.0",
        ),
      ],
      "v2.14.0",
    ),
    rel(
      71003,
      ACME_ORG_ID,
      "frontend@5.8.0",
      ["4500012"],
      145,
      ["fe-lazy"],
      [deploy("81004", "production", 144, "frontend 5.8.0", null)],
    ),
    rel(
      71004,
      ACME_ORG_ID,
      "frontend@5.9.1",
      ["4500012"],
      25,
      ["fe-tooltip", "fe-clock", "fe-sdk"],
      [
        deploy("81005", "preview", 25, "pr-1882 preview", "https://pr-1882.preview.acme.example"),
        deploy(
          "81006",
          "production",
          24,
          "frontend 5.9.1",
          "https://deploys.acme.example/web/5.9.1",
        ),
      ],
    ),
    rel(71005, ACME_ORG_ID, "com.acme.mobile@3.1.4+398", ["4500013"], 900, [], []),
    rel(
      71006,
      ACME_ORG_ID,
      "com.acme.mobile@3.2.0+412",
      ["4500013"],
      289,
      ["mo-onetap", "mo-images"],
      [deploy("81007", "production", 280, "Play Store staged rollout 20%", null)],
    ),
    rel(71007, ACME_ORG_ID, "payments@1.7.2", ["4500014"], 860, [], []),
    rel(
      71008,
      ACME_ORG_ID,
      "payments@1.7.3",
      ["4500014"],
      97,
      ["pay-route", "pay-refund"],
      [deploy("81008", "production", 96, "payments 1.7.3", null)],
    ),
    rel(
      71011,
      GLOBEX_ORG_ID,
      "storefront@2024.11.2",
      ["4500021"],
      100,
      ["gx-cart"],
      [deploy("81011", "production", 99, "storefront 2024.11.2", null)],
    ),
  ];
}

export function seedCommitters(): Map<string, Committer[]> {
  const scm = "via SCM integration";
  const inRelease = "via commit in release";
  return new Map<string, Committer[]>([
    [
      "6100000101",
      [
        {
          author: { ...PRIYA },
          commits: [{ commitId: commitSha("be-lock"), suspectCommitType: scm }],
        },
      ],
    ],
    [
      "6100000102",
      [
        {
          author: { ...KENJI },
          commits: [{ commitId: commitSha("be-invoice"), suspectCommitType: inRelease }],
        },
      ],
    ],
    [
      "6100000201",
      [
        {
          author: { ...MARCUS },
          commits: [{ commitId: commitSha("fe-tooltip"), suspectCommitType: inRelease }],
        },
        {
          author: { ...SOFIA },
          commits: [{ commitId: commitSha("fe-sdk"), suspectCommitType: inRelease }],
        },
      ],
    ],
    [
      "6100000401",
      [
        {
          author: { ...PRIYA },
          commits: [{ commitId: commitSha("pay-route"), suspectCommitType: scm }],
        },
      ],
    ],
  ]);
}
