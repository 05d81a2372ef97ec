/**
 * Metric monitor (detector) lists by type, and writes: `POST
 * /organizations/{org}/projects/{project}/detectors/`, `PUT` and `DELETE
 * /organizations/{org}/detectors/{id}/`. Reads of one detector and the shared schemas live in
 * workflows.ts. Writes carry the query flat in `dataSources` (`timeWindow` in seconds); reads
 * answer it nested under `queryObj.snubaQuery`.
 */

import { z } from "zod";
import type { Page, SentryClient } from "./client.js";
import { enc } from "./organizations.js";
import { type Detector, DetectorSchema } from "./workflows.js";

/** One data source as a detector write sends it. */
export interface DetectorQueryWrite {
  dataset: string;
  query: string;
  aggregate: string;
  timeWindow: number;
  environment: string | null;
  eventTypes: string[];
  extrapolationMode?: string | null;
}

export interface DetectorConditionWrite {
  /** an existing condition's id, to update it in place (new conditions have none) */
  id?: string | number;
  type: string;
  comparison: unknown;
  conditionResult: number;
}

/** The fields of a metric detector write; a PUT sends only the ones that change. */
export interface DetectorWrite {
  type?: "metric_issue";
  name?: string;
  description?: string | null;
  owner?: string | null;
  enabled?: boolean;
  config?: { detectionType: string; comparisonDelta: number | null };
  conditionGroup?: {
    id?: string | number;
    logicType: string;
    conditions: DetectorConditionWrite[];
  };
  dataSources?: DetectorQueryWrite[];
  workflowIds?: string[];
}

export async function listDetectorsOfType(
  client: SentryClient,
  org: string,
  options: {
    type: string;
    projectId?: string;
    query?: string;
    cursor?: string;
    perPage?: number;
    signal?: AbortSignal;
  },
): Promise<Page<Detector[]>> {
  const baseUrl = await client.regionFor(org, options.signal);
  return client.getPage(`/api/0/organizations/${enc(org)}/detectors/`, z.array(DetectorSchema), {
    baseUrl,
    signal: options.signal,
    query: {
      project: options.projectId ?? "-1",
      type: options.type,
      query: options.query,
      cursor: options.cursor,
      per_page: options.perPage,
    },
  });
}

export async function createDetector(
  client: SentryClient,
  org: string,
  project: string,
  body: DetectorWrite,
  signal?: AbortSignal,
): Promise<Detector> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "POST",
    `/api/0/organizations/${enc(org)}/projects/${enc(project)}/detectors/`,
    body,
    DetectorSchema,
    { baseUrl, signal },
  );
}

export async function updateDetector(
  client: SentryClient,
  org: string,
  id: string,
  body: DetectorWrite,
  signal?: AbortSignal,
): Promise<Detector> {
  const baseUrl = await client.regionFor(org, signal);
  return client.send(
    "PUT",
    `/api/0/organizations/${enc(org)}/detectors/${enc(id)}/`,
    body,
    DetectorSchema,
    { baseUrl, signal },
  );
}

export async function deleteDetector(
  client: SentryClient,
  org: string,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  const baseUrl = await client.regionFor(org, signal);
  await client.send(
    "DELETE",
    `/api/0/organizations/${enc(org)}/detectors/${enc(id)}/`,
    undefined,
    z.unknown(),
    { baseUrl, signal },
  );
}
