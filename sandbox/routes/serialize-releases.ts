/** Wire shapes of releases, commits, deploys and suspect committers. */

import type {
  CommitAuthor,
  CommitRecord,
  Committer,
  DeployRecord,
  JsonObject,
  ReleaseRecord,
  SandboxStore,
} from "../data/types.js";
import { serializeUser } from "./serialize-orgs.js";

/** "backend@2.14.0" -> "2.14.0"; "com.acme.mobile@3.2.0+412" -> "3.2.0 (412)". */
export function shortVersion(version: string): string {
  const bare = version.includes("@") ? version.slice(version.lastIndexOf("@") + 1) : version;
  const [semver, build] = bare.split("+");
  return build ? `${semver} (${build})` : semver;
}

function versionInfo(version: string): JsonObject {
  const at = version.lastIndexOf("@");
  const pkg = at > 0 ? version.slice(0, at) : null;
  const raw = at > 0 ? version.slice(at + 1) : version;
  const m = /^(\d+)\.(\d+)\.(\d+)(?:\+(.+))?$/.exec(raw);
  return {
    package: pkg,
    version: m
      ? {
          raw,
          major: Number(m[1]),
          minor: Number(m[2]),
          patch: Number(m[3]),
          pre: null,
          buildCode: m[4] ?? null,
          components: 3,
        }
      : { raw },
    description: shortVersion(version),
    buildHash: null,
  };
}

/** A commit author resolves to the org member's user when the e-mail matches. */
export function serializeAuthor(store: SandboxStore, author: CommitAuthor): JsonObject {
  const user = store.users.find((u) => u.email === author.email);
  return user ? serializeUser(user) : { name: author.name, email: author.email };
}

export function serializeDeploy(deploy: DeployRecord): JsonObject {
  return {
    id: deploy.id,
    environment: deploy.environment,
    dateStarted: deploy.dateStarted,
    dateFinished: deploy.dateFinished,
    name: deploy.name,
    url: deploy.url,
  };
}

function releaseStub(rel: ReleaseRecord): JsonObject {
  return {
    version: rel.version,
    shortVersion: shortVersion(rel.version),
    ref: rel.ref,
    url: rel.url,
    dateReleased: rel.dateReleased,
    dateCreated: rel.dateCreated,
  };
}

export function serializeCommit(
  store: SandboxStore,
  commit: CommitRecord,
  suspectCommitType = "",
): JsonObject {
  const repo = store.repositories.find((r) => r.id === commit.repositoryId)!;
  return {
    id: commit.id,
    message: commit.message,
    dateCreated: commit.dateCreated,
    pullRequest: null,
    suspectCommitType,
    repository: {
      id: repo.id,
      name: repo.name,
      url: repo.url,
      provider: { ...repo.provider },
      status: "active",
      integrationId: "4500301",
      externalSlug: repo.name,
      externalId: String(Number(repo.id) * 7),
      dateCreated: repo.dateCreated,
    },
    author: serializeAuthor(store, commit.author),
    releases: store.releases.filter((r) => r.commitIds.includes(commit.id)).map(releaseStub),
  };
}

function eventsOfRelease(store: SandboxStore, rel: ReleaseRecord): string[] {
  return store.events
    .filter((e) => e.release === rel.version && rel.projectIds.includes(e.projectID))
    .map((e) => e.dateCreated)
    .sort();
}

function newGroups(store: SandboxStore, rel: ReleaseRecord, projectId?: string): number {
  return store.issues.filter(
    (i) =>
      i.releases[0] === rel.version &&
      rel.projectIds.includes(i.projectId) &&
      (projectId === undefined || i.projectId === projectId),
  ).length;
}

export function serializeRelease(store: SandboxStore, rel: ReleaseRecord): JsonObject {
  const commits = rel.commitIds
    .map((id) => store.commits.find((c) => c.id === id))
    .filter((c): c is CommitRecord => c !== undefined);
  const authors = new Map<string, CommitAuthor>();
  for (const c of commits) authors.set(c.author.email, c.author);
  const deploys = [...rel.deploys].sort((a, b) => b.dateFinished.localeCompare(a.dateFinished));
  const seen = eventsOfRelease(store, rel);
  return {
    id: rel.id,
    version: rel.version,
    shortVersion: shortVersion(rel.version),
    status: rel.status,
    versionInfo: versionInfo(rel.version),
    ref: rel.ref,
    url: rel.url,
    dateReleased: rel.dateReleased,
    dateCreated: rel.dateCreated,
    dateStarted: null,
    data: {},
    newGroups: newGroups(store, rel),
    owner: null,
    commitCount: commits.length,
    lastCommit: commits[0] ? serializeCommit(store, commits[0]) : null,
    deployCount: deploys.length,
    lastDeploy: deploys[0] ? serializeDeploy(deploys[0]) : null,
    authors: [...authors.values()].map((a) => serializeAuthor(store, a)),
    projects: rel.projectIds.map((pid) => {
      const p = store.projects.find((x) => x.id === pid)!;
      return {
        id: Number(p.id),
        slug: p.slug,
        name: p.name,
        newGroups: newGroups(store, rel, p.id),
        platform: p.platform,
        platforms: [...p.platforms],
        hasHealthData: false,
      };
    }),
    firstEvent: seen[0] ?? null,
    lastEvent: seen.at(-1) ?? null,
    currentProjectMeta: {},
    userAgent: null,
    adoptionStages: null,
  };
}

export function serializeCommitters(store: SandboxStore, committers: Committer[]): JsonObject {
  return {
    committers: committers.map((c) => ({
      author: serializeAuthor(store, c.author),
      commits: c.commits.flatMap((sc) => {
        const commit = store.commits.find((x) => x.id === sc.commitId);
        return commit ? [serializeCommit(store, commit, sc.suspectCommitType)] : [];
      }),
    })),
  };
}
