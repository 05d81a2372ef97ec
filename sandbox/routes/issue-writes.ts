/**
 * Write routes for issues: `PUT .../issues/{id}/` (status, ignore conditions, assignment) and
 * new issue notes (`POST .../issues/{id}/notes/`, undocumented). Changes are visible to every
 * later read. Validation answers like Sentry's serializers (`{"field": ["message"]}`).
 */

import type { Context, Hono } from "hono";
import type { IssueRecord, JsonObject, SandboxStore } from "../data/types.js";
import { baseUrlOf, fail, findIssue, findOrg, type RouteDeps } from "./http.js";
import { serializeIssueDetail } from "./serialize-issues.js";
import { serializeUser } from "./serialize-orgs.js";
import {
  actorJson,
  fieldError,
  jsonBody,
  nextId,
  resolveActor,
  withFieldErrors,
} from "./write-helpers.js";

const STATUSES = ["resolved", "unresolved", "ignored", "resolvedInNextRelease", "muted"];
const SUBSTATUSES: Record<string, Array<string | null>> = {
  resolved: [null],
  unresolved: ["ongoing", "escalating", "regressed", "new"],
  ignored: ["archived_until_escalating", "archived_until_condition_met", "archived_forever"],
};
const IGNORE_FIELDS = [
  "ignoreDuration",
  "ignoreCount",
  "ignoreWindow",
  "ignoreUserCount",
  "ignoreUserWindow",
] as const;
const MAX_WINDOW_MINUTES = 10_080;
const NO_RELEASE = "No release data present in the system to form a basis for 'Next Release'";

function me(store: SandboxStore): JsonObject {
  return serializeUser(store.users.find((u) => u.id === store.currentUserId)!);
}

/** Activity ids are unique across the store (and the issue being edited, which may be a draft). */
function nextActivityId(store: SandboxStore, issue: IssueRecord): string {
  const ids = [...store.issues, issue].flatMap((i) => i.activity.map((a) => String(a.id)));
  return nextId(ids, 9_000_000);
}

function addActivity(store: SandboxStore, issue: IssueRecord, type: string, data: JsonObject) {
  const entry: JsonObject = {
    id: nextActivityId(store, issue),
    user: me(store),
    type,
    data,
    dateCreated: store.now.toISOString(),
  };
  issue.activity.unshift(entry);
  return entry;
}

/** Positive integers for the ignore conditions; windows capped like Sentry (one week). */
function ignoreDetails(details: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of IGNORE_FIELDS) {
    const value = details[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      fieldError("statusDetails", `${field}: A valid positive integer is required.`);
    }
    if (field.endsWith("Window") && value > MAX_WINDOW_MINUTES) {
      fieldError(
        "statusDetails",
        `${field}: Ensure this value is less than or equal to ${MAX_WINDOW_MINUTES}.`,
      );
    }
    out[field] = value;
  }
  return out;
}

/**
 * `statusDetails.inRelease` (a version of the issue's project, or `latest`) and `inCommit`
 * (`{commit, repository}`, the repository connected to the org) as Sentry validates them.
 */
function resolvedIn(
  store: SandboxStore,
  issue: IssueRecord,
  details: Record<string, unknown>,
): { inRelease?: string; inCommit?: JsonObject } {
  if (details.inRelease !== undefined && details.inRelease !== null) {
    const releases = store.releases
      .filter((r) => r.projectIds.includes(issue.projectId))
      .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));
    const wanted = details.inRelease;
    const release = wanted === "latest" ? releases[0] : releases.find((r) => r.version === wanted);
    if (!release) fieldError("statusDetails", "inRelease: Unable to find the given release.");
    return { inRelease: release.version };
  }
  const inCommit = details.inCommit;
  if (inCommit === undefined || inCommit === null) return {};
  const c = inCommit as Record<string, unknown>;
  if (
    typeof inCommit !== "object" ||
    typeof c.commit !== "string" ||
    typeof c.repository !== "string"
  ) {
    fieldError("statusDetails", "inCommit: commit and repository are required.");
  }
  const orgId = store.projects.find((p) => p.id === issue.projectId)?.orgId;
  const repo = store.repositories.find((r) => r.orgId === orgId && r.name === c.repository);
  if (!repo) fieldError("statusDetails", "inCommit: Unable to find the given repository.");
  return { inCommit: { id: c.commit, commit: c.commit, repository: repo.name } };
}

function applyStatus(store: SandboxStore, issue: IssueRecord, body: Record<string, unknown>): void {
  let status = body.status;
  const rawDetails = body.statusDetails ?? {};
  if (typeof rawDetails !== "object" || rawDetails === null || Array.isArray(rawDetails)) {
    fieldError("statusDetails", "Invalid data. Expected a dictionary.");
  }
  const details = rawDetails as Record<string, unknown>;
  if (status === undefined) return;
  if (typeof status !== "string" || !STATUSES.includes(status)) {
    fieldError("status", `"${String(status)}" is not a valid choice.`);
  }
  if (status === "muted") status = "ignored";
  const inNextRelease =
    status === "resolvedInNextRelease" || (status === "resolved" && details.inNextRelease === true);
  const base = status === "resolvedInNextRelease" ? "resolved" : (status as string);
  const substatus = "substatus" in body ? body.substatus : undefined;
  if (substatus !== undefined && !SUBSTATUSES[base].includes(substatus as string | null)) {
    fieldError("substatus", `Invalid substatus ${JSON.stringify(substatus)} for status ${base}.`);
  }
  if (inNextRelease) {
    const hasRelease = store.releases.some((r) => r.projectIds.includes(issue.projectId));
    if (!hasRelease) fieldError("statusDetails", NO_RELEASE);
  }
  const ignore = base === "ignored" ? ignoreDetails(details) : {};
  const resolution = base === "resolved" && !inNextRelease ? resolvedIn(store, issue, details) : {};
  const actor = me(store);
  issue.status = base;
  if (base === "resolved") {
    issue.substatus = null;
    issue.statusDetails = inNextRelease
      ? { inNextRelease: true, actor }
      : Object.keys(resolution).length > 0
        ? { ...resolution, actor }
        : {};
    const type =
      inNextRelease || resolution.inRelease
        ? "set_resolved_in_release"
        : resolution.inCommit
          ? "set_resolved_in_commit"
          : "set_resolved";
    addActivity(store, issue, type, resolution.inRelease ? { version: resolution.inRelease } : {});
  } else if (base === "unresolved") {
    issue.substatus = (substatus as string | undefined) ?? "ongoing";
    issue.statusDetails = {};
    addActivity(store, issue, "set_unresolved", {});
  } else {
    const conditional = Object.keys(ignore).length > 0;
    issue.substatus = conditional
      ? "archived_until_condition_met"
      : ((substatus as string | undefined) ?? "archived_until_escalating");
    const statusDetails: JsonObject = {};
    if (ignore.ignoreDuration) {
      statusDetails.ignoreUntil = new Date(
        store.now.getTime() + ignore.ignoreDuration * 60_000,
      ).toISOString();
    }
    for (const field of IGNORE_FIELDS) {
      if (field !== "ignoreDuration" && ignore[field] !== undefined)
        statusDetails[field] = ignore[field];
    }
    if (conditional) statusDetails.actor = actor;
    if (issue.substatus === "archived_until_escalating") statusDetails.ignoreUntilEscalating = true;
    issue.statusDetails = statusDetails;
    addActivity(store, issue, "set_ignored", { ...ignore });
  }
}

function applyAssignment(
  store: SandboxStore,
  issue: IssueRecord,
  orgId: string,
  body: Record<string, unknown>,
): void {
  if (!("assignedTo" in body)) return;
  const ref = body.assignedTo;
  if (ref === "" || ref === null) {
    if (issue.assignedTo) addActivity(store, issue, "unassigned", {});
    issue.assignedTo = null;
    return;
  }
  if (typeof ref !== "string") fieldError("assignedTo", "Unknown actor input");
  const org = store.organizations.find((o) => o.id === orgId)!;
  const actor = resolveActor(store, org, ref);
  const wire = actor ? actorJson(store, actor) : null;
  if (!wire) fieldError("assignedTo", "Unknown actor input");
  issue.assignedTo = wire;
  issue.isSubscribed = wire.type === "user" && wire.id === store.currentUserId;
  addActivity(store, issue, "assigned", { assignee: wire.id, assigneeType: wire.type });
}

function applyFlags(issue: IssueRecord, body: Record<string, unknown>): void {
  for (const flag of ["hasSeen", "isBookmarked", "isSubscribed", "isPublic"] as const) {
    if (flag in body) {
      if (typeof body[flag] !== "boolean") fieldError(flag, "Must be a valid boolean.");
      issue[flag] = body[flag] as boolean;
    }
  }
  if ("priority" in body) {
    if (!["low", "medium", "high"].includes(body.priority as string)) {
      fieldError("priority", `"${String(body.priority)}" is not a valid choice.`);
    }
    issue.priority = body.priority as IssueRecord["priority"];
  }
}

/**
 * The issue as `body` would leave it, validated on a copy so a rejected request changes nothing
 * (the bulk route drafts every issue before committing any).
 */
export function draftUpdate(
  store: SandboxStore,
  orgId: string,
  issue: IssueRecord,
  body: Record<string, unknown>,
): IssueRecord {
  const draft: IssueRecord = structuredClone(issue);
  applyStatus(store, draft, body);
  applyAssignment(store, draft, orgId, body);
  applyFlags(draft, body);
  return draft;
}

/** The activity wire shape (as GET .../notes/ serves it). */
function serializeNote(entry: JsonObject): JsonObject {
  return {
    id: entry.id,
    user: entry.user,
    sentry_app: null,
    type: entry.type,
    data: { ...(entry.data as JsonObject) },
    dateCreated: entry.dateCreated,
  };
}

export function registerIssueWriteRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.put(
    "/api/0/organizations/:org/issues/:issueId/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const issue = findIssue(store, org, c.req.param("issueId")!);
      const body = await jsonBody(c);
      Object.assign(issue, draftUpdate(store, org.id, issue, body));
      return c.json(serializeIssueDetail(store, issue, baseUrlOf(c, deps)));
    }),
  );

  // Undocumented in the OpenAPI spec: add an issue comment ("note"), body `{"text": ...}`.
  // Listing notes is served by issue-extras.ts.
  app.post(
    "/api/0/organizations/:org/issues/:issueId/notes/",
    withFieldErrors(async (c: Context) => {
      const org = findOrg(store, c.req.param("org")!);
      const issue = findIssue(store, org, c.req.param("issueId")!);
      const body = await jsonBody(c);
      const text = body.text;
      if (text === undefined || text === null) fieldError("text", "This field is required.");
      if (typeof text !== "string") fieldError("text", "Not a valid string.");
      if (text.trim() === "") fieldError("text", "This field may not be blank.");
      const latest = issue.activity.find(
        (a) => a.type === "note" && (a.user as JsonObject | null)?.id === store.currentUserId,
      );
      if (latest && (latest.data as JsonObject).text === text) {
        fail(400, "You have already posted that comment.");
      }
      const entry = addActivity(store, issue, "note", { text });
      issue.numComments += 1;
      return c.json(serializeNote(entry), 201);
    }),
  );
}
