import { inlineCode, text, truncate } from "../../format/markdown.js";
import type { Committers } from "../../sentry-api/events.js";
import { dateText } from "./issue-format.js";

export interface SuspectCommit {
  sha: string;
  message: string | null;
  author: string | null;
  date: string | null;
  repository: string | null;
  source: string | null;
}

/** The first suspect commit from the committers answer, or null. */
export function suspectCommitOf(committers: Committers | null | undefined): SuspectCommit | null {
  for (const c of committers?.committers ?? []) {
    const commit = c.commits?.[0];
    if (!commit) continue;
    const author = c.author?.name ?? c.author?.email ?? c.author?.username ?? null;
    return {
      sha: commit.id,
      message: commit.message?.split("\n")[0] ?? null,
      author:
        author && c.author?.email && author !== c.author.email
          ? `${author} <${c.author.email}>`
          : author,
      date: commit.dateCreated ?? null,
      repository: commit.repository?.name ?? null,
      source: commit.suspectCommitType ?? null,
    };
  }
  return null;
}

export function formatSuspectCommit(commit: SuspectCommit): string[] {
  return [
    "## Suspect Commit",
    "",
    `**Commit**: ${inlineCode(commit.sha.slice(0, 12))}${commit.repository ? ` in ${inlineCode(commit.repository)}` : ""}`,
    ...(commit.message ? [`**Message**: ${inlineCode(truncate(commit.message, 200))}`] : []),
    ...(commit.author ? [`**Author**: ${text(commit.author)}`] : []),
    ...(commit.date ? [`**Date**: ${dateText(commit.date)}`] : []),
    ...(commit.source ? [`**Source**: ${text(commit.source)}`] : []),
    "",
  ];
}
