/**
 * Seed: custom inbound filters (`/projects/{org}/{project}/custom-inbound-filters/`): rules that
 * drop matching data at ingest. acme has the feature; other orgs answer 400 "You do not have that
 * feature enabled" like an organization without it.
 */

import { ACME_ORG_ID } from "./organizations.js";
import { ago, DAY, HOUR } from "./util.js";

/** Orgs with custom inbound filters enabled. */
export const INBOUND_FILTER_ORGS: readonly string[] = [ACME_ORG_ID];

export type InboundFilterDataType = "all" | "error" | "log" | "metric" | "span";

export interface InboundFilterRecord {
  id: string;
  projectId: string;
  name: string | null;
  active: boolean;
  dataType: InboundFilterDataType;
  conditions: Array<{ type: string; value: string[] }>;
  dateCreated: string;
  dateUpdated: string;
}

export function seedInboundFilters(now: Date): InboundFilterRecord[] {
  return [
    {
      id: "7710001",
      projectId: "4500011",
      name: "Ignore flaky connection errors",
      active: true,
      dataType: "error",
      conditions: [{ type: "error_type", value: ["ConnectionResetError", "TimeoutError"] }],
      dateCreated: ago(now, 40 * DAY),
      dateUpdated: ago(now, 6 * DAY),
    },
    {
      id: "7710002",
      projectId: "4500011",
      name: "Load-test traffic",
      active: false,
      dataType: "all",
      conditions: [
        { type: "ip_address", value: ["10.20.0.0/16"] },
        { type: "release", value: ["backend@load-*"] },
      ],
      dateCreated: ago(now, 20 * DAY),
      dateUpdated: ago(now, 20 * DAY),
    },
    {
      id: "7710003",
      projectId: "4500012",
      name: "Browser extension noise",
      active: true,
      dataType: "error",
      conditions: [{ type: "error_message", value: ["*chrome-extension://*"] }],
      dateCreated: ago(now, 9 * DAY),
      dateUpdated: ago(now, 3 * HOUR),
    },
  ];
}
