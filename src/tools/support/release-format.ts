import { formatDate } from "../../format/dates.js";
import { inlineCode, text } from "../../format/markdown.js";
import type { Commit, Deploy, Release, ReleaseHealth } from "../../sentry-api/releases.js";

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function deployLabel(d: Deploy): string {
  const when = formatDate(d.dateFinished ?? d.dateStarted);
  return [d.environment ? inlineCode(d.environment) : undefined, when ? `at ${when}` : undefined]
    .filter(Boolean)
    .join(" ");
}

/** One dense line per release for lists. */
export function releaseLine(r: Release): string {
  const parts = [
    `**${inlineCode(r.version)}**`,
    r.dateReleased
      ? `released ${formatDate(r.dateReleased)}`
      : formatDate(r.dateCreated) && `created ${formatDate(r.dateCreated)}`,
    plural(r.newGroups ?? 0, "new issue"),
    plural(r.commitCount ?? 0, "commit"),
    r.lastDeploy
      ? `${plural(r.deployCount ?? 1, "deploy")}, last ${deployLabel(r.lastDeploy)}`
      : "not deployed",
    r.projects?.length
      ? `${r.projects.length === 1 ? "project" : "projects"} ${r.projects.map((p) => inlineCode(p.slug)).join(", ")}`
      : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}

const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? undefined : `${Math.round(v * 100) / 100}%`;

/** `crash-free sessions 99.42%, crash-free users 98.87%, adoption 91.3%, 184,220 sessions` */
export function healthLine(h: ReleaseHealth): string | undefined {
  if (!h.hasHealthData) return undefined;
  const parts = [
    pct(h.crashFreeSessions) && `crash-free sessions ${pct(h.crashFreeSessions)}`,
    pct(h.crashFreeUsers) && `crash-free users ${pct(h.crashFreeUsers)}`,
    pct(h.adoption) && `adoption ${pct(h.adoption)} of users`,
    h.totalSessions != null ? plural(h.totalSessions, "session") : undefined,
    h.sessionsCrashed ? `${h.sessionsCrashed.toLocaleString("en-US")} crashed` : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

export function commitLine(c: Commit): string {
  const first = (c.message ?? "").split("\n")[0].trim();
  const who = c.author?.name ?? c.author?.email ?? c.author?.username;
  const parts = [
    inlineCode(c.id.slice(0, 12)),
    first ? inlineCode(first.slice(0, 120)) : undefined,
    who ? `by ${text(who)}` : undefined,
    c.repository?.name ? `in ${inlineCode(c.repository.name)}` : undefined,
  ];
  return `- ${parts.filter(Boolean).join(" · ")}`;
}

/** The package part of `backend@2.14.0`, used to find the release before it. */
export function packageOf(version: string): string | undefined {
  const at = version.lastIndexOf("@");
  return at > 0 ? version.slice(0, at) : undefined;
}
