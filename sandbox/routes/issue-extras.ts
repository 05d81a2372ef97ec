/**
 * Routes: issue activity, legacy user reports, and event attachments (list, metadata,
 * download). Activity and user reports are undocumented in the OpenAPI spec; their shapes follow
 * Sentry's serializers (see ../shared/sentry-api/fixtures). Comments are `note` activity
 * entries, listed here and added by issue-writes.ts.
 */

import type { Context, Hono } from "hono";
import type { AttachmentRecord, JsonObject, SandboxStore } from "../data/types.js";
import {
  fail,
  findIssue,
  findOrg,
  findProject,
  orgOfProject,
  paginate,
  type RouteDeps,
} from "./http.js";

const EVENT_NOT_FOUND = "Event not found";

/** Assignment activity names its assignee like Sentry does (email and name beside the id). */
function activityData(store: SandboxStore, item: JsonObject): JsonObject {
  const data = (item.data ?? {}) as JsonObject;
  if (item.type !== "assigned" || data.assigneeName) return { ...data };
  if (data.assigneeType === "team") {
    const team = store.teams.find((t) => t.id === data.assignee);
    return { ...data, assigneeName: team ? team.slug : null };
  }
  const user = store.users.find((u) => u.id === data.assignee);
  return { ...data, assigneeEmail: user?.email ?? null, assigneeName: user?.name ?? null };
}

function serializeActivity(store: SandboxStore, item: JsonObject): JsonObject {
  return {
    id: item.id,
    user: item.user ?? null,
    sentry_app: null,
    type: item.type,
    data: activityData(store, item),
    dateCreated: item.dateCreated,
  };
}

function eventOf(c: Context, deps: RouteDeps) {
  const { store } = deps;
  const org = findOrg(store, c.req.param("org")!);
  const project = findProject(store, org, c.req.param("project")!);
  const id = c.req.param("eventId")!.toLowerCase().replace(/-/g, "");
  const event = store.events.find(
    (e) => e.id === id && e.projectID === project.id && orgOfProject(store, e.projectID) === org.id,
  );
  if (!event) fail(404, EVENT_NOT_FOUND);
  return event;
}

function serializeAttachment(a: AttachmentRecord): JsonObject {
  return {
    id: a.id,
    event_id: a.eventId,
    type: a.type,
    name: a.name,
    mimetype: a.mimetype,
    dateCreated: a.dateCreated,
    size: a.size,
    headers: { "Content-Type": a.mimetype ?? "application/octet-stream" },
    sha1: a.sha1,
  };
}

/** The attachment body; large `filler` files stream in chunks so a cancelled read stays cheap. */
function attachmentBody(a: AttachmentRecord): Uint8Array | ReadableStream<Uint8Array> {
  const content = a.content;
  if ("text" in content) return new TextEncoder().encode(content.text);
  if ("base64" in content) return new Uint8Array(Buffer.from(content.base64, "base64"));
  let sent = 0;
  const chunk = 64 * 1024;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= content.filler) {
        controller.close();
        return;
      }
      const size = Math.min(chunk, content.filler - sent);
      const bytes = new Uint8Array(size).fill(0x5a);
      if (sent === 0) bytes.set(content.head.slice(0, size));
      sent += size;
      controller.enqueue(bytes);
    },
  });
}

export function registerIssueExtraRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/issues/:issueId/activities/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    return c.json({ activity: issue.activity.map((a) => serializeActivity(store, a)) });
  });

  // Comments, newest first (issue-writes.ts adds them with POST).
  app.get("/api/0/organizations/:org/issues/:issueId/notes/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    const notes = issue.activity.filter((a) => a.type === "note");
    return c.json(paginate(c, deps, notes).map((a) => serializeActivity(store, a)));
  });

  app.get("/api/0/organizations/:org/issues/:issueId/user-reports/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    const reports = store.userReports
      .filter((r) => r.groupId === issue.id)
      .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));
    return c.json(
      paginate(c, deps, reports).map((r) => ({
        id: r.id,
        eventID: r.eventId,
        name: r.name,
        email: r.email,
        comments: r.comments,
        dateCreated: r.dateCreated,
        user: r.user,
        event: { id: r.eventId, eventID: r.eventId },
      })),
    );
  });

  app.get("/api/0/projects/:org/:project/events/:eventId/attachments/", (c) => {
    const event = eventOf(c, deps);
    const query = (c.req.query("query") ?? "").trim().toLowerCase();
    const items = store.attachments.filter((a) => {
      if (a.eventId !== event.id) return false;
      if (!query) return true;
      if (query === "is:screenshot") return /screenshot/i.test(a.name);
      return a.name.toLowerCase().includes(query);
    });
    return c.json(paginate(c, deps, items).map(serializeAttachment));
  });

  app.get("/api/0/projects/:org/:project/events/:eventId/attachments/:attachmentId/", (c) => {
    const event = eventOf(c, deps);
    const attachment = store.attachments.find(
      (a) => a.eventId === event.id && a.id === c.req.param("attachmentId"),
    );
    if (!attachment) fail(404, "The requested resource does not exist");
    if (c.req.query("download") === undefined) return c.json(serializeAttachment(attachment));
    const body = attachmentBody(attachment);
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": attachment.mimetype ?? "application/octet-stream",
        "Content-Length": String(attachment.size),
        "Content-Disposition": contentDisposition(attachment.name),
      },
    });
  });
}

/** A header-safe file name; names that are not also go RFC 5987-encoded (a header breaks on them). */
function contentDisposition(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name) && !name.includes('"')) return `attachment; filename="${name}"`;
  const plain = name.replace(/[^\x20-\x7e]|"/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
