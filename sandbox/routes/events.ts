/** Routes: issue events, event details, event-id lookup and suspect committers. */

import type { Hono } from "hono";
import type { EventRecord, SandboxStore } from "../data/types.js";
import {
  eventsOfIssue,
  fail,
  findIssue,
  findOrg,
  findProject,
  listParam,
  orgOfProject,
  paginate,
  type RouteDeps,
  timeWindow,
} from "./http.js";
import { eventFilter } from "./search.js";
import { serializeEvent, serializeEventListItem } from "./serialize-events.js";
import { serializeCommitters } from "./serialize-releases.js";

const EVENT_NOT_FOUND = "Event not found";

/** Lower-case 32-hex id, accepting UUID dashes; null when malformed. */
function normalizeEventId(raw: string): string | null {
  const id = raw.toLowerCase().replace(/-/g, "");
  return /^[0-9a-f]{32}$/.test(id) ? id : null;
}

function hasStacktrace(e: EventRecord): boolean {
  return e.entries.some((entry) => {
    if (entry.type !== "exception") return false;
    const data = entry.data as { values?: Array<{ stacktrace: unknown }> };
    return (data.values ?? []).some((v) => v.stacktrace !== null);
  });
}

/** latest | oldest | recommended (newest event with a stack trace, else newest) | hex id */
function pickEvent(events: EventRecord[], which: string): EventRecord | undefined {
  if (which === "latest") return events[0];
  if (which === "oldest") return events.at(-1);
  if (which === "recommended") return events.find(hasStacktrace) ?? events[0];
  const id = normalizeEventId(which);
  return id ? events.find((e) => e.id === id) : undefined;
}

function findOrgEvent(store: SandboxStore, orgId: string, raw: string): EventRecord | undefined {
  const id = normalizeEventId(raw);
  if (!id) return undefined;
  return store.events.find((e) => e.id === id && orgOfProject(store, e.projectID) === orgId);
}

export function registerEventRoutes(app: Hono, deps: RouteDeps): void {
  const { store } = deps;

  app.get("/api/0/organizations/:org/issues/:issueId/events/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    let events = eventsOfIssue(store, issue.id);
    const sort = c.req.query("sort") ?? "-timestamp";
    if (["timestamp", "oldest"].includes(sort)) events = events.reverse();
    else if (!["-timestamp", "newest"].includes(sort)) fail(400, `Invalid sort: '${sort}'`);
    const window = timeWindow(c, store.now);
    if (window) {
      events = events.filter((e) => {
        const t = Date.parse(e.dateCreated);
        return t >= window.start && t <= window.end;
      });
    }
    const envs = listParam(c, "environment");
    if (envs.length > 0) {
      events = events.filter((e) =>
        e.tags.some((t) => t.key === "environment" && envs.includes(t.value)),
      );
    }
    const query = c.req.query("query");
    if (query) events = events.filter(eventFilter(query));
    const full = ["1", "true"].includes((c.req.query("full") ?? "").toLowerCase());
    const page = paginate(c, deps, events);
    // full=true returns whole events; they keep the list's "event.type" key too.
    return c.json(
      page.map((e) =>
        full ? { "event.type": e.type, ...serializeEvent(store, e) } : serializeEventListItem(e),
      ),
    );
  });

  app.get("/api/0/organizations/:org/issues/:issueId/events/:eventId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const issue = findIssue(store, org, c.req.param("issueId"));
    let events = eventsOfIssue(store, issue.id);
    const envs = listParam(c, "environment");
    if (envs.length > 0) {
      events = events.filter((e) =>
        e.tags.some((t) => t.key === "environment" && envs.includes(t.value)),
      );
    }
    const event = pickEvent(events, c.req.param("eventId"));
    if (!event) fail(404, EVENT_NOT_FOUND);
    return c.json(serializeEvent(store, event));
  });

  app.get("/api/0/projects/:org/:project/events/:eventId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const event = findOrgEvent(store, org.id, c.req.param("eventId"));
    if (!event || event.projectID !== project.id) fail(404, EVENT_NOT_FOUND);
    return c.json(serializeEvent(store, event));
  });

  app.get("/api/0/organizations/:org/eventids/:eventId/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const event = findOrgEvent(store, org.id, c.req.param("eventId"));
    if (!event) fail(404, EVENT_NOT_FOUND);
    const project = store.projects.find((p) => p.id === event.projectID)!;
    return c.json({
      organizationSlug: org.slug,
      projectSlug: project.slug,
      groupId: event.groupID,
      eventId: event.id,
      event: serializeEvent(store, event),
    });
  });

  // Undocumented in the OpenAPI spec: suspect commits of an event.
  app.get("/api/0/projects/:org/:project/events/:eventId/committers/", (c) => {
    const org = findOrg(store, c.req.param("org"));
    const project = findProject(store, org, c.req.param("project"));
    const event = findOrgEvent(store, org.id, c.req.param("eventId"));
    if (!event || event.projectID !== project.id) fail(404, EVENT_NOT_FOUND);
    const committers = event.groupID ? store.committers.get(event.groupID) : undefined;
    if (!committers || committers.length === 0) fail(404, "No committers found");
    return c.json(serializeCommitters(store, committers));
  });
}
