/** Compact seed descriptions that the builders expand into Sentry-shaped records. */

import type { JsonObject } from "./types.js";

export interface FrameSpec {
  file: string;
  fn: string;
  module: string;
  line: number;
  col?: number;
  inApp: boolean;
  absPath?: string;
  /** source lines around `line`; the middle entry is `line` itself */
  code?: string[];
  vars?: JsonObject;
}

export interface ExceptionSpec {
  type: string;
  value: string;
  module?: string;
  /** mechanism type; defaults to "generic" */
  mechanism?: string;
  handled: boolean;
  /** null: the exception carries no stack trace */
  frames: FrameSpec[] | null;
}

export interface BreadcrumbSpec {
  /** seconds before the event */
  secondsBefore: number;
  type: string;
  category: string;
  level: string;
  message: string | null;
  data?: JsonObject;
}

export interface RequestSpec {
  method: string;
  url: string;
  query?: Array<[string, string]>;
  headers?: Array<[string, string]>;
  cookies?: Array<[string, string]>;
  data?: JsonObject | string | null;
}

export interface OccurrenceSpec {
  /** Sentry's numeric group type id, e.g. 1006 for N+1 queries */
  type: number;
  subtitle: string;
  evidenceData: JsonObject;
  evidenceDisplay: Array<{ name: string; value: string; important: boolean }>;
  culprit?: string;
}

export type EventKind = "error" | "default" | "transaction" | "generic" | "csp" | "feedback";

export interface EventSpec {
  kind: EventKind;
  /**
   * Exception chain in Sentry's order: the original cause first, the exception that
   * escaped last.
   */
  exceptions?: ExceptionSpec[];
  /** message entry text (message-only and CSP events) */
  message?: string;
  request?: RequestSpec;
  breadcrumbs?: BreadcrumbSpec[];
  occurrence?: OccurrenceSpec;
  /** extra entries appended verbatim (csp, spans, ...) */
  extraEntries?: JsonObject[];
  contexts?: JsonObject;
  /** legacy `extra` data; null when the SDK sent none */
  context?: JsonObject | null;
  packages?: { [name: string]: string | null };
  sdk?: { name: string; version: string } | null;
  /** whether events carry a user; default true */
  withUser?: boolean;
  dist?: string | null;
  transaction?: { op: string; durationMs: number };
}

export interface IssueSeed {
  id: string;
  shortId: string;
  project: string;
  title: string;
  culprit: string | null;
  level: "fatal" | "error" | "warning" | "info" | "debug";
  status: "unresolved" | "resolved" | "ignored";
  substatus: string | null;
  statusDetails?: JsonObject;
  priority: "high" | "medium" | "low";
  /** the group's event type (spec enum: error, default, csp, transaction, generic, feedback...) */
  type: string;
  issueType: string;
  issueCategory: string;
  metadata: JsonObject;
  count: number;
  userCount: number;
  firstSeenAgo: number;
  lastSeenAgo: number;
  /** "user:<id>" or "team:<slug>" */
  assignee?: string;
  isUnhandled?: boolean;
  numComments?: number;
  logger?: string | null;
  platform?: string;
  hasSeen?: boolean;
  isBookmarked?: boolean;
  seerFixabilityScore?: number;
  environments: string[];
  /** release versions, oldest first */
  releases: string[];
  /** number of stored events (1-5) */
  events: number;
  event: EventSpec;
  /** tag keys beyond the defaults of the project's platform */
  extraTags?: Array<{ key: string; values: string[] }>;
}
