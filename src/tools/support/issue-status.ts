import { z } from "zod";
import { UserInputError } from "../../errors.js";
import { formatDate } from "../../format/dates.js";
import type { IssueUpdate } from "../../sentry-api/issue-writes.js";

/** Statuses update_issue sets (the incumbent's names). */
export const ISSUE_STATUSES = [
  "resolved",
  "resolvedInNextRelease",
  "unresolved",
  "ignored",
] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const IGNORE_MODES = [
  "untilEscalating",
  "forever",
  "forDuration",
  "untilOccurrenceCount",
  "untilUserCount",
] as const;
export type IgnoreMode = (typeof IGNORE_MODES)[number];

const MAX_WINDOW = 10_080; // Sentry caps windows at one week, in minutes

const minutes = (what: string) => z.number().int().min(1).max(1_000_000).optional().describe(what);

/** The ignore parameters, named like the incumbent's update_issue. */
export const ignoreParams = {
  ignoreMode: z
    .enum(IGNORE_MODES)
    .optional()
    .describe("With status ignored; default untilEscalating, or inferred from the fields below"),
  ignoreDurationMinutes: minutes("Ignore for this many minutes (forDuration)"),
  ignoreCount: minutes("Ignore until it occurs this many times (untilOccurrenceCount)"),
  ignoreWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(MAX_WINDOW)
    .optional()
    .describe("Window for ignoreCount, in minutes (max 10080)"),
  ignoreUserCount: minutes("Ignore until it affects this many users (untilUserCount)"),
  ignoreUserWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(MAX_WINDOW)
    .optional()
    .describe("Window for ignoreUserCount, in minutes (max 10080)"),
};

export interface IgnoreInput {
  ignoreMode?: IgnoreMode;
  ignoreDurationMinutes?: number;
  ignoreCount?: number;
  ignoreWindowMinutes?: number;
  ignoreUserCount?: number;
  ignoreUserWindowMinutes?: number;
}

/** An issue's status as Sentry reports it. */
export interface StatusState {
  status?: string | null;
  substatus?: string | null;
  statusDetails?: Record<string, unknown> | null;
}

/** A status in our vocabulary: `key` compares states, `label` says it in words. */
export interface StatusView {
  status: string;
  key: string;
  label: string;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function occurrences(count: number, window: number | undefined, noun: "time" | "user"): string {
  const verb = noun === "time" ? "occurs" : "affects";
  return window === undefined
    ? `until it ${verb} ${plural(count, `more ${noun}`)}`
    : `until it ${verb} ${plural(count, noun)} in ${plural(window, "minute")}`;
}

/** Reads Sentry's status, substatus and details into our vocabulary. */
export function statusView(state: StatusState): StatusView {
  const d = state.statusDetails ?? {};
  const status = state.status ?? "unknown";
  if (status === "resolved") {
    if (d.inNextRelease === true)
      return {
        status: "resolvedInNextRelease",
        key: "resolvedInNextRelease",
        label: "resolved in the next release",
      };
    const release = typeof d.inRelease === "string" ? d.inRelease : undefined;
    const commit = commitOf(d.inCommit);
    return {
      status,
      key: "resolved",
      label: release
        ? `resolved in release ${release}`
        : commit
          ? `resolved in commit ${commit.commit.slice(0, 12)}${commit.repository ? ` of ${commit.repository}` : ""}`
          : "resolved",
    };
  }
  if (status === "unresolved") {
    const sub = state.substatus && state.substatus !== "ongoing" ? ` (${state.substatus})` : "";
    return { status, key: "unresolved", label: `unresolved${sub}` };
  }
  if (status !== "ignored") return { status, key: status, label: status.replace(/_/g, " ") };
  const count = num(d.ignoreCount);
  const users = num(d.ignoreUserCount);
  const duration = num(d.ignoreDuration);
  if (typeof d.ignoreUntil === "string")
    return ignored(
      `until:${d.ignoreUntil}`,
      `ignored until ${formatDate(d.ignoreUntil) ?? d.ignoreUntil}`,
    );
  if (duration !== undefined)
    return ignored(`for:${duration}`, `ignored for ${plural(duration, "minute")}`);
  if (count !== undefined) {
    const window = num(d.ignoreWindow);
    return ignored(
      `count:${count}:${window ?? ""}`,
      `ignored ${occurrences(count, window, "time")}`,
    );
  }
  if (users !== undefined) {
    const window = num(d.ignoreUserWindow);
    return ignored(
      `users:${users}:${window ?? ""}`,
      `ignored ${occurrences(users, window, "user")}`,
    );
  }
  if (state.substatus === "archived_forever") return ignored("forever", "ignored forever");
  if (state.substatus === "archived_until_condition_met")
    return ignored("condition", "ignored until its condition is met");
  return ignored("untilEscalating", "ignored until it escalates");
}

function ignored(key: string, label: string): StatusView {
  return { status: "ignored", key: `ignored:${key}`, label };
}

/** Infers the ignore mode from the given fields and checks they fit together. */
export function ignoreModeOf(input: IgnoreInput): IgnoreMode {
  const families = [
    input.ignoreDurationMinutes !== undefined && "forDuration",
    (input.ignoreCount !== undefined || input.ignoreWindowMinutes !== undefined) &&
      "untilOccurrenceCount",
    (input.ignoreUserCount !== undefined || input.ignoreUserWindowMinutes !== undefined) &&
      "untilUserCount",
  ].filter((f): f is IgnoreMode => Boolean(f));
  if (families.length > 1) {
    throw new UserInputError(
      "Choose one ignore condition: ignoreDurationMinutes, ignoreCount (+ ignoreWindowMinutes) or ignoreUserCount (+ ignoreUserWindowMinutes).",
    );
  }
  const mode = input.ignoreMode ?? families[0] ?? "untilEscalating";
  if (families.length === 1 && families[0] !== mode) {
    throw new UserInputError(
      `ignoreMode ${mode} does not take ${families[0] === "forDuration" ? "ignoreDurationMinutes" : families[0] === "untilOccurrenceCount" ? "ignoreCount/ignoreWindowMinutes" : "ignoreUserCount/ignoreUserWindowMinutes"}.`,
    );
  }
  if (mode === "forDuration" && input.ignoreDurationMinutes === undefined)
    throw new UserInputError("ignoreMode forDuration needs ignoreDurationMinutes.");
  if (mode === "untilOccurrenceCount" && input.ignoreCount === undefined)
    throw new UserInputError(
      "ignoreMode untilOccurrenceCount needs ignoreCount (ignoreWindowMinutes is optional).",
    );
  if (mode === "untilUserCount" && input.ignoreUserCount === undefined)
    throw new UserInputError(
      "ignoreMode untilUserCount needs ignoreUserCount (ignoreUserWindowMinutes is optional).",
    );
  return mode;
}

/** True when any ignore parameter was given. */
export function hasIgnoreInput(input: IgnoreInput): boolean {
  return Object.values({ ...input }).some((v) => v !== undefined);
}

/**
 * The PUT body for a requested status, and the state it should produce (for "already so"
 * checks). Ignore conditions go in `statusDetails` with substatus `archived_until_condition_met`.
 */
export function statusRequest(
  status: IssueStatus,
  ignore: IgnoreInput,
): { body: IssueUpdate; expected: StatusState } {
  if (status !== "ignored" && hasIgnoreInput(ignore)) {
    throw new UserInputError('Ignore options need status: "ignored".');
  }
  switch (status) {
    case "resolved":
      return {
        body: { status: "resolved", substatus: null, statusDetails: {} },
        expected: { status },
      };
    case "resolvedInNextRelease": {
      const statusDetails = { inNextRelease: true };
      return {
        body: { status: "resolved", substatus: null, statusDetails },
        expected: { status: "resolved", statusDetails },
      };
    }
    case "unresolved":
      return {
        body: { status: "unresolved", substatus: "ongoing", statusDetails: {} },
        expected: { status, substatus: "ongoing" },
      };
    case "ignored": {
      const mode = ignoreModeOf(ignore);
      if (mode === "untilEscalating" || mode === "forever") {
        const substatus = mode === "forever" ? "archived_forever" : "archived_until_escalating";
        return {
          body: { status, substatus, statusDetails: {} },
          expected: { status, substatus },
        };
      }
      const details: Record<string, number> =
        mode === "forDuration"
          ? { ignoreDuration: ignore.ignoreDurationMinutes! }
          : mode === "untilOccurrenceCount"
            ? {
                ignoreCount: ignore.ignoreCount!,
                ...optional("ignoreWindow", ignore.ignoreWindowMinutes),
              }
            : {
                ignoreUserCount: ignore.ignoreUserCount!,
                ...optional("ignoreUserWindow", ignore.ignoreUserWindowMinutes),
              };
      return {
        body: { status, substatus: "archived_until_condition_met", statusDetails: details },
        expected: { status, substatus: "archived_until_condition_met", statusDetails: details },
      };
    }
  }
}

function optional(key: string, value: number | undefined): Record<string, number> {
  return value === undefined ? {} : { [key]: value };
}

/** `statusDetails.inCommit` as Sentry sends it: `{commit, repository}` or a serialized commit. */
export function commitOf(value: unknown): { commit: string; repository?: string } | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  const commit = typeof v.commit === "string" ? v.commit : typeof v.id === "string" ? v.id : "";
  if (!commit) return undefined;
  const repo = v.repository;
  const repository =
    typeof repo === "string"
      ? repo
      : repo && typeof repo === "object" && typeof (repo as { name?: unknown }).name === "string"
        ? (repo as { name: string }).name
        : undefined;
  return { commit, repository };
}

/** Where update_issue resolves: in a release (`latest` = the newest) or when a commit ships. */
export interface Resolution {
  inRelease?: string;
  inCommit?: { commit: string; repository: string };
}

export const resolutionParams = {
  inRelease: z
    .string()
    .trim()
    .min(1)
    .max(250)
    .optional()
    .describe('Resolve in this release version ("latest" = newest); implies status resolved'),
  inCommit: z
    .object({
      commit: z.string().trim().min(4).max(64).describe("Commit SHA"),
      repository: z.string().trim().min(1).max(200).describe("Repository name as in Sentry"),
    })
    .optional()
    .describe("Resolve when this commit ships; implies status resolved"),
};

/** The PUT body for a resolution, or undefined when none was asked for. */
export function resolutionRequest(
  status: IssueStatus | undefined,
  resolution: Resolution,
  ignore: IgnoreInput,
): IssueUpdate | undefined {
  const { inRelease, inCommit } = resolution;
  if (inRelease === undefined && inCommit === undefined) return undefined;
  if (inRelease !== undefined && inCommit !== undefined)
    throw new UserInputError("Pass inRelease or inCommit, not both.");
  if (status !== undefined && status !== "resolved")
    throw new UserInputError(
      `inRelease and inCommit resolve the issue; they need status "resolved" (or no status), not "${status}".`,
    );
  if (hasIgnoreInput(ignore)) throw new UserInputError('Ignore options need status: "ignored".');
  const statusDetails = inRelease !== undefined ? { inRelease } : { inCommit };
  return { status: "resolved", substatus: null, statusDetails };
}

/** True when the issue is already resolved the way `resolution` asks. */
export function resolutionApplied(state: StatusState, resolution: Resolution): boolean {
  if (state.status !== "resolved") return false;
  const d = state.statusDetails ?? {};
  if (resolution.inRelease !== undefined) return d.inRelease === resolution.inRelease;
  const have = commitOf(d.inCommit);
  const want = resolution.inCommit;
  return Boolean(
    have &&
      want &&
      have.commit.toLowerCase() === want.commit.toLowerCase() &&
      (have.repository === undefined || have.repository === want.repository),
  );
}
