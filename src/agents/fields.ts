/**
 * Field discovery for the repair step: the names that exist in this organization, fetched only
 * when the agent runs (never on the direct path) and passed in the user message. A failed
 * lookup leaves the list out; the static prompt still names the common fields.
 */

import { listTraceItemAttributes } from "../sentry-api/explore.js";
import { listIssueTags } from "../sentry-api/issues.js";
import { listOrganizationTags } from "../sentry-api/org-tags.js";
import { DATASET_CONFIG, type Dataset } from "../tools/support/events-datasets.js";
import type { ToolContext } from "../tools/types.js";

const MAX_NAMES = 150;

export interface FieldList {
  /** e.g. "tag keys in this organization" */
  label: string;
  names: string[];
}

/** Where the repair agent looks up names: the org's tags, a dataset's attributes, an issue's tags. */
export type FieldSource =
  | { kind: "org-tags" }
  | { kind: "dataset"; dataset: Dataset }
  | { kind: "issue-tags"; issueId: string };

const cap = (names: string[]) => [...new Set(names)].slice(0, MAX_NAMES);

async function safely<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch {
    return undefined;
  }
}

export async function discoverFields(
  ctx: ToolContext,
  org: string,
  source: FieldSource,
): Promise<FieldList[]> {
  const signal = ctx.signal;
  if (source.kind === "issue-tags") {
    const tags = await safely(() => listIssueTags(ctx.client, org, source.issueId, signal));
    return tags ? [{ label: "tag keys of this issue", names: cap(tags.map((t) => t.key)) }] : [];
  }
  const dataset = source.kind === "dataset" ? source.dataset : undefined;
  const itemType = dataset ? DATASET_CONFIG[dataset].itemType : undefined;
  if (itemType) {
    const [strings, numbers] = await Promise.all([
      safely(() => listTraceItemAttributes(ctx.client, org, itemType, "string", signal)),
      safely(() => listTraceItemAttributes(ctx.client, org, itemType, "number", signal)),
    ]);
    const lists: FieldList[] = [];
    if (strings?.length)
      lists.push({ label: `text attributes of ${dataset}`, names: cap(strings.map((a) => a.key)) });
    if (numbers?.length)
      lists.push({
        label: `numeric attributes of ${dataset}`,
        names: cap(numbers.map((a) => a.key)),
      });
    return lists;
  }
  if (dataset && dataset !== "errors") return [];
  const tags = await safely(() =>
    listOrganizationTags(ctx.client, org, { dataset: "events", signal }),
  );
  return tags?.length
    ? [{ label: "tag keys in this organization", names: cap(tags.map((t) => t.key)) }]
    : [];
}
