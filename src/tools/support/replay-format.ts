/** Markdown for get_replay_details: summary facts, pages, errors, user activity, traces. */

import { formatDate } from "../../format/dates.js";
import { inlineCode, truncate } from "../../format/markdown.js";
import type { Replay, ReplayError } from "../../sentry-api/replays.js";
import { type ReplayActivity, replayClock } from "./replay-activity.js";
import { type HintContext, hintLine } from "./tool-hint.js";

export const MAX_URLS = 15;
export const MAX_ERRORS = 10;
export const MAX_ACTIVITY = 25;
export const MAX_TRACES = 10;

export interface ReplayView {
  org: string;
  /** project slug, or the numeric id when the slug could not be looked up */
  project?: string;
  replay: Replay;
  /** resolved issue info per error event id (absent when the lookup failed) */
  errors?: Map<string, ReplayError>;
  activity?: { items: ReplayActivity[]; segmentsRead: number; moreSegments: boolean };
  url: string;
}

/** `16m 20s`, `45s`, `1h 02m`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

const joined = (...parts: Array<string | null | undefined>) =>
  parts.filter((p): p is string => Boolean(p?.trim())).join(" ");

function userLine(user: Replay["user"]): string | undefined {
  if (!user) return undefined;
  const name = user.display_name ?? user.username;
  const parts = [
    name ? inlineCode(name) : undefined,
    user.email && user.email !== name ? inlineCode(user.email) : undefined,
    user.id && user.id !== name ? `id ${inlineCode(user.id)}` : undefined,
    user.geo?.city || user.geo?.country_code
      ? inlineCode(joined(user.geo.city ? `${user.geo.city},` : undefined, user.geo.country_code))
      : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : undefined;
}

function platformLine(r: Replay): string | undefined {
  const browser = joined(r.browser?.name, r.browser?.version);
  const os = joined(r.os?.name, r.os?.version);
  const deviceName = r.device?.name ?? r.device?.model ?? r.device?.family;
  const device = deviceName && deviceName !== "Other" ? joined(r.device?.brand, deviceName) : "";
  const parts = [
    browser ? `**Browser**: ${inlineCode(browser)}` : undefined,
    os ? `**OS**: ${inlineCode(os)}` : undefined,
    device ? `**Device**: ${inlineCode(device)}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : undefined;
}

function countsLine(r: Replay): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  return [
    plural(r.count_errors ?? r.error_ids?.length ?? 0, "error"),
    plural(r.count_warnings ?? 0, "warning"),
    plural(r.count_dead_clicks ?? 0, "dead click"),
    plural(r.count_rage_clicks ?? 0, "rage click"),
  ].join(", ");
}

function capped<T>(items: T[], max: number, render: (item: T, k: number) => string): string[] {
  const lines = items.slice(0, max).map(render);
  if (items.length > max) lines.push(`- …and ${items.length - max} more`);
  return lines;
}

function activityLine(a: ReplayActivity): string {
  const at = inlineCode(replayClock(a.offsetMs));
  const label = a.text ? ` (${inlineCode(truncate(a.text, 80))})` : "";
  switch (a.kind) {
    case "navigation":
      return `- ${at} navigated to ${inlineCode(truncate(a.target, 200))}`;
    case "click":
      return `- ${at} clicked ${inlineCode(truncate(a.target, 120))}${label}`;
    case "dead_click":
      return `- ${at} dead click on ${inlineCode(truncate(a.target, 120))}${label}`;
    case "rage_click":
      return `- ${at} rage click${a.clicks ? ` (${a.clicks}×)` : ""} on ${inlineCode(truncate(a.target, 120))}${label}`;
  }
}

export function formatReplayDetails(view: ReplayView, ctx: HintContext): string {
  const { replay: r, org } = view;
  const scope = view.project ? `${org}/${view.project}` : org;
  const lines = [`# Replay ${inlineCode(r.id)} in **${inlineCode(scope)}**`, ""];
  if (r.is_archived) {
    lines.push(
      "This replay is archived: Sentry keeps its ID but no longer has its recording or details.",
      "",
      `**URL**: ${view.url}`,
    );
    return lines.join("\n");
  }
  const fact = (label: string, value: string | undefined) =>
    value ? `**${label}**: ${value}` : undefined;
  const facts = [
    fact("Started", formatDate(r.started_at)),
    fact("Duration", typeof r.duration === "number" ? formatSeconds(r.duration) : undefined),
    fact("User", userLine(r.user)),
    platformLine(r),
    fact("Environment", r.environment ? inlineCode(r.environment) : undefined),
    fact("Release", r.releases?.length ? r.releases.map(inlineCode).join(", ") : undefined),
    fact("Counts", countsLine(r)),
    fact("URL", view.url),
  ];
  lines.push(...facts.filter((f): f is string => f !== undefined));

  const urls = r.urls ?? [];
  if (urls.length) {
    lines.push("", `## Pages Visited (${r.count_urls ?? urls.length})`, "");
    lines.push(...capped(urls, MAX_URLS, (u) => `- ${inlineCode(truncate(u, 200))}`));
  }

  const errorIds = r.error_ids ?? [];
  if (errorIds.length) {
    lines.push("", `## Errors (${r.count_errors ?? errorIds.length})`, "");
    lines.push(
      ...capped(errorIds, MAX_ERRORS, (id) => {
        const e = view.errors?.get(id) ?? view.errors?.get(id.replace(/-/g, ""));
        const issue = e?.issue ? `**${inlineCode(e.issue)}** · ` : "";
        const title = e?.title ? `${inlineCode(truncate(e.title, 160))} · ` : "";
        return `- ${issue}${title}event ${inlineCode(id)}`;
      }),
    );
  }

  if (view.activity?.items.length) {
    const { items, segmentsRead, moreSegments } = view.activity;
    lines.push("", "## User Activity", "");
    const source = moreSegments ? `the first ${segmentsRead} recording segments` : "the recording";
    lines.push(`From ${source}; element text is recorded from the page.`, "");
    lines.push(...capped(items, MAX_ACTIVITY, activityLine));
  }

  const traces = r.trace_ids ?? [];
  if (traces.length) {
    lines.push("", `## Traces (${traces.length})`, "");
    lines.push(...capped(traces, MAX_TRACES, (t) => `- ${inlineCode(t)}`));
  }

  const notes = responseNotes(view, ctx);
  if (notes.length) lines.push("", "## Response Notes", "", ...notes);
  return lines.join("\n");
}

function responseNotes(view: ReplayView, ctx: HintContext): string[] {
  const { replay: r, org } = view;
  const issue = (r.error_ids ?? [])
    .map((id) => view.errors?.get(id)?.issue)
    .find((s): s is string => Boolean(s));
  const trace = r.trace_ids?.[0];
  return [
    ...(issue
      ? hintLine(ctx, "Stack trace of an error", "get_issue_details", {
          organizationSlug: org,
          issueId: issue,
        })
      : []),
    ...(trace
      ? hintLine(ctx, "A trace of this session", "get_trace_details", {
          organizationSlug: org,
          traceId: trace,
        })
      : []),
  ];
}
