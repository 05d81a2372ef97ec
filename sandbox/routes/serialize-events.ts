/** Wire shapes of events: full event details and the compact issue-events list items. */

import type { EventRecord, Json, JsonObject, SandboxStore } from "../data/types.js";
import { eventsOfIssue } from "./http.js";
import { serializeCommit, serializeDeploy, shortVersion } from "./serialize-releases.js";

function clone<T extends Json>(value: T): T {
  return structuredClone(value);
}

function releaseObject(store: SandboxStore, version: string | null): JsonObject | null {
  if (!version) return null;
  const rel = store.releases.find((r) => r.version === version);
  if (!rel) return null;
  const lastCommit = store.commits.find((c) => c.id === rel.commitIds[0]);
  const lastDeploy = [...rel.deploys].sort((a, b) =>
    b.dateFinished.localeCompare(a.dateFinished),
  )[0];
  return {
    id: rel.id,
    version: rel.version,
    shortVersion: shortVersion(rel.version),
    ref: rel.ref,
    url: rel.url,
    status: rel.status,
    dateCreated: rel.dateCreated,
    dateReleased: rel.dateReleased,
    data: {},
    commitCount: rel.commitIds.length,
    deployCount: rel.deploys.length,
    lastCommit: lastCommit ? serializeCommit(store, lastCommit) : null,
    lastDeploy: lastDeploy ? serializeDeploy(lastDeploy) : null,
    userAgent: null,
  };
}

function neighbours(
  store: SandboxStore,
  event: EventRecord,
): { next: string | null; previous: string | null } {
  if (!event.groupID) return { next: null, previous: null };
  const list = eventsOfIssue(store, event.groupID);
  const k = list.findIndex((e) => e.id === event.id);
  return {
    next: k > 0 ? list[k - 1].id : null,
    previous: k < list.length - 1 ? list[k + 1].id : null,
  };
}

/** Full event as `GET /projects/{org}/{project}/events/{id}/` returns it. */
export function serializeEvent(store: SandboxStore, event: EventRecord): JsonObject {
  const { next, previous } = neighbours(store, event);
  return {
    id: event.id,
    groupID: event.groupID,
    eventID: event.eventID,
    projectID: event.projectID,
    size: event.size,
    entries: clone(event.entries),
    dist: event.dist,
    message: event.message,
    title: event.title,
    location: event.location,
    user: event.user ? clone(event.user) : null,
    contexts: clone(event.contexts),
    sdk: event.sdk ? { ...event.sdk } : null,
    context: event.context ? clone(event.context) : null,
    packages: { ...event.packages },
    type: event.type,
    metadata: clone(event.metadata),
    tags: event.tags.map((t) => ({ ...t })),
    platform: event.platform,
    dateReceived: event.dateReceived,
    errors: clone(event.errors),
    occurrence: event.occurrence ? clone(event.occurrence) : null,
    _meta: {
      entries: {},
      message: null,
      user: null,
      contexts: null,
      sdk: null,
      context: null,
      packages: null,
      tags: {},
    },
    crashFile: event.crashFile,
    culprit: event.culprit,
    dateCreated: event.dateCreated,
    fingerprints: [...event.fingerprints],
    groupingConfig: {
      id: "newstyle:2023-01-11",
      enhancements: "KLUv_SAYwQAAkwKRs25ld3N0eWxlOjIwMjMtMDEtMTGQ",
    },
    release: releaseObject(store, event.release),
    userReport: null,
    sdkUpdates: [],
    resolvedWith: [],
    nextEventID: next,
    previousEventID: previous,
  };
}

/** Compact item of `GET /organizations/{org}/issues/{id}/events/` (without `full=true`). */
export function serializeEventListItem(event: EventRecord): JsonObject {
  return {
    id: event.id,
    "event.type": event.type,
    groupID: event.groupID,
    eventID: event.eventID,
    projectID: event.projectID,
    message: event.message ?? "",
    title: event.title,
    location: event.location,
    culprit: event.culprit,
    user: event.user ? clone(event.user) : null,
    tags: event.tags.map((t) => ({ ...t })),
    platform: event.platform,
    dateCreated: event.dateCreated,
    crashFile: event.crashFile,
    metadata: clone(event.metadata),
  };
}
