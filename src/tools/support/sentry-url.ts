import { UserInputError } from "../../errors.js";

export type SentryResource =
  | {
      type: "issue";
      org?: string;
      issueId: string;
      eventId?: string;
      /** `/events/latest/` style links */
      eventSelector?: "latest" | "oldest" | "recommended";
    }
  | { type: "event"; org?: string; project?: string; eventId: string; issueId?: string }
  | { type: "trace"; org?: string; traceId: string }
  | { type: "replay"; org?: string; replayId: string }
  | { type: "profile"; org?: string; project: string; profileId: string }
  | { type: "monitor"; org?: string; project?: string; monitorSlug: string }
  | { type: "release"; org?: string; version: string }
  | {
      type: "ai_conversation";
      org?: string;
      conversationId: string;
      project?: string;
      start?: string;
      end?: string;
    }
  | { type: "snapshot"; org?: string; snapshotId: string; image?: string };

export interface ParsedSentryUrl {
  /** The org from the subdomain or /organizations/{org}/ path, when present. */
  org?: string;
  host: string;
  resource: SentryResource;
}

const NUMERIC_ID = /^\d{1,20}$/;
const SHORT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*-[A-Za-z0-9]+$/;
const HEX32 = /^[0-9a-fA-F]{32}$/;
const REGION_SUBDOMAINS = new Set(["us", "de", "www"]);

/** True for a numeric issue id (`6429876543`) or a short id (`BACKEND-1A`). */
export function isIssueId(value: string): boolean {
  return NUMERIC_ID.test(value) || SHORT_ID.test(value);
}

export function isEventId(value: string): boolean {
  return HEX32.test(value.replace(/-/g, ""));
}

/** Validates an issue id before any request: a malformed id is a user error, not an upstream 404. */
export function assertIssueId(value: string): string {
  const id = value.trim();
  if (!isIssueId(id)) {
    throw new UserInputError(
      `issueId ${JSON.stringify(value)} is not an issue ID. Use a numeric ID (6429876543) or a short ID (BACKEND-1A), or pass issueUrl.`,
    );
  }
  return id.includes("-") ? id.toUpperCase() : id;
}

export function assertEventId(value: string): string {
  const id = value.trim().replace(/-/g, "").toLowerCase();
  if (!HEX32.test(id)) {
    throw new UserInputError(
      `eventId ${JSON.stringify(value)} is not an event ID (32 hexadecimal characters).`,
    );
  }
  return id;
}

/**
 * Parses a Sentry web URL as users paste it: `{org}.sentry.io/issues/ID/`,
 * `sentry.io/organizations/{org}/issues/ID/events/EVENT/`, regional hosts (`de.sentry.io`),
 * self-hosted hosts with ports, traces, replays, profiles, monitors and releases.
 */
export function parseSentryUrl(input: string): ParsedSentryUrl {
  let url: URL;
  const raw = input.trim();
  try {
    // Links pasted without a scheme (`acme.sentry.io/issues/1/`) are meant as https.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new UserInputError(
      `${JSON.stringify(input)} is not a URL. Pass a full Sentry URL such as https://my-org.sentry.io/issues/123/.`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UserInputError(`Unsupported URL scheme ${url.protocol} in ${JSON.stringify(input)}.`);
  }
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  if (segments[0] === "share") {
    throw new UserInputError(
      "Public share links cannot be looked up; open the issue in Sentry and paste its URL.",
    );
  }
  let org: string | undefined;
  const sub = url.hostname.match(/^([a-z0-9-]+)\.sentry\.io$/i)?.[1];
  if (sub && !REGION_SUBDOMAINS.has(sub.toLowerCase())) org = sub;
  if (segments[0] === "organizations" && segments[1]) {
    org = segments[1];
    segments.splice(0, 2);
  }
  const resource = resourceFromPath(segments, org, url);
  if (!resource) {
    throw new UserInputError(
      `Could not find an issue, event, trace, replay, profile, monitor, release, agent conversation or snapshot in ${JSON.stringify(input)}.`,
    );
  }
  return { org, host: url.host, resource };
}

function resourceFromPath(
  s: string[],
  org: string | undefined,
  url: URL,
): SentryResource | undefined {
  const at = (name: string) => s.indexOf(name);
  const issues = at("issues");
  if (issues >= 0 && s[issues + 1] && isIssueId(s[issues + 1])) {
    const issueId = assertIssueId(s[issues + 1]);
    const events = s[issues + 2] === "events" ? s[issues + 3] : undefined;
    const eventId = events && isEventId(events) ? assertEventId(events) : undefined;
    const selector = events?.toLowerCase();
    if (selector === "latest" || selector === "oldest" || selector === "recommended")
      return { type: "issue", org, issueId, eventSelector: selector };
    return { type: "issue", org, issueId, eventId };
  }
  // Feedback links: /issues/feedback/?feedbackSlug={project}:{issueId}
  const feedback = url.searchParams.get("feedbackSlug")?.split(":").pop();
  if (feedback && isIssueId(feedback))
    return { type: "issue", org, issueId: assertIssueId(feedback) };
  // Agent conversations: /explore/conversations/{id}/?project=&start=&end=
  const conversations = at("conversations");
  if (conversations > 0 && s[conversations - 1] === "explore" && s[conversations + 1]) {
    const q = (k: string) => url.searchParams.get(k) || undefined;
    return {
      type: "ai_conversation",
      org,
      conversationId: s[conversations + 1],
      project: q("project"),
      start: q("start"),
      end: q("end"),
    };
  }
  // Build snapshots: /preprod/snapshots/{id}/?selectedSnapshot={image file name}
  const preprod = at("preprod");
  if (preprod >= 0 && s[preprod + 1] === "snapshots" && s[preprod + 2]) {
    const image = url.searchParams.get("selectedSnapshot") || undefined;
    return { type: "snapshot", org, snapshotId: s[preprod + 2], image };
  }
  const trace = at("trace");
  if (trace >= 0 && s[trace + 1] && HEX32.test(s[trace + 1])) {
    return { type: "trace", org, traceId: s[trace + 1].toLowerCase() };
  }
  const replays = at("replays");
  if (replays >= 0 && s[replays + 1] && /^[0-9a-f-]{32,36}$/i.test(s[replays + 1])) {
    return { type: "replay", org, replayId: s[replays + 1].replace(/-/g, "").toLowerCase() };
  }
  const profile = at("profile");
  if (at("profiling") >= 0 && profile >= 0 && s[profile + 2]) {
    return { type: "profile", org, project: s[profile + 1], profileId: s[profile + 2] };
  }
  const crons = at("crons");
  if (crons >= 0 && s[crons + 1]) {
    return s[crons + 2]
      ? { type: "monitor", org, project: s[crons + 1], monitorSlug: s[crons + 2] }
      : { type: "monitor", org, monitorSlug: s[crons + 1] };
  }
  const releases = at("releases");
  if (releases >= 0 && s[releases + 1]) return { type: "release", org, version: s[releases + 1] };
  // /{project}/events/{eventId}/ and /discover/{project}:{eventId}/
  const events = at("events");
  if (events >= 0 && s[events + 1] && isEventId(s[events + 1])) {
    return {
      type: "event",
      org,
      project: events > 0 ? s[events - 1] : undefined,
      eventId: assertEventId(s[events + 1]),
    };
  }
  const discover = s.find((seg) => /^[A-Za-z0-9_.-]+:[0-9a-f]{32}$/i.test(seg));
  if (discover) {
    const [project, eventId] = discover.split(":");
    return { type: "event", org, project, eventId: eventId.toLowerCase() };
  }
  const issueParam = url.searchParams.get("issue");
  if (issueParam && isIssueId(issueParam))
    return { type: "issue", org, issueId: assertIssueId(issueParam) };
  return undefined;
}
