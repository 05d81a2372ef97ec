/**
 * Contract with the incumbent's custom inbound filter tools added after 0.39
 * (test/fixtures/incumbent-0.42-inbound-filters.json): every property of every tool, and every
 * data type and condition type, reaches Sentry. The driver is test/contract/incumbent-042.ts.
 */

import type { Sandbox } from "../sandbox/server.js";
import { describeIncumbentTools, type Probe, writeOf } from "./contract/incumbent-042.js";
import type { SentRequest } from "./write-helpers.js";

type Body = {
  name?: string;
  active?: boolean;
  dataType?: string;
  conditions?: Array<{ type: string; value: string[] }>;
};
const body = (s: SentRequest[]) => (writeOf(s)?.body ?? {}) as Body;
const LIST = "/api/0/projects/acme/backend/custom-inbound-filters/";

let n = 0;
/** A fresh glob per probe, so no create finds an identical filter and skips the write. */
const glob = () => `*probe-${++n}*`;

/** A filter of the backend project for the update and delete probes. */
function seedFilter(sandbox: Sandbox): string {
  const id = String(7790000 + ++n);
  sandbox.store.inboundFilters.push({
    id,
    projectId: "4500011",
    name: `Seeded ${id}`,
    active: true,
    dataType: "error",
    conditions: [{ type: "error_message", value: [glob()] }],
    dateCreated: sandbox.store.now.toISOString(),
    dateUpdated: sandbox.store.now.toISOString(),
  });
  return id;
}

const CONDITION_FOR: Record<string, string> = {
  error_type: "error",
  error_message: "error",
  log_message: "log",
  metric_name: "metric",
  release: "span",
  ip_address: "all",
};

const probes = (sandbox: Sandbox): Record<string, () => Probe[]> => ({
  find_custom_inbound_filters: () => {
    const listed = (s: SentRequest[]) => s.some((r) => r.path === LIST);
    const base = { organizationSlug: "acme", projectSlug: "backend" };
    return [
      { label: "organizationSlug", args: base, reached: listed },
      {
        label: "projectSlug",
        args: base,
        reached: (s, t) => listed(s) && t.includes("Ignore flaky connection errors"),
      },
      {
        label: "cursor",
        args: { ...base, cursor: "0:1:0" },
        reached: (s) => s.some((r) => r.path === LIST && r.query.includes("cursor=0%3A1%3A0")),
      },
      { label: "cursor (null branch)", args: { ...base, cursor: null }, reached: listed },
      { label: "regionUrl (null branch)", args: { ...base, regionUrl: null }, reached: listed },
      {
        label: "regionUrl (string branch)",
        args: { ...base, regionUrl: "https://us.sentry.io" },
        reached: listed,
      },
    ];
  },
  create_custom_inbound_filter: () => {
    const base = () => ({
      organizationSlug: "acme",
      projectSlug: "backend",
      name: `Probe ${n}`,
      dataType: "error",
      conditions: [{ type: "error_message", value: [glob()] }],
    });
    const posted = (s: SentRequest[]) => writeOf(s)?.method === "POST" && writeOf(s)?.path === LIST;
    return [
      { label: "organizationSlug", args: base(), reached: posted },
      {
        label: "projectSlug",
        args: { ...base(), projectSlug: "frontend" },
        reached: (s) =>
          writeOf(s)?.path === "/api/0/projects/acme/frontend/custom-inbound-filters/",
      },
      {
        label: "name",
        args: { ...base(), name: "Named filter probe" },
        reached: (s) => body(s).name === "Named filter probe",
      },
      ...Object.entries(CONDITION_FOR).map(([type, dataType]) => {
        const value = type === "ip_address" ? `198.51.100.${++n}` : glob();
        return {
          label: `conditions (${type})`,
          args: { ...base(), dataType, conditions: [{ type, value: [value] }] },
          reached: (s: SentRequest[]) =>
            body(s).conditions?.[0]?.type === type && body(s).conditions?.[0]?.value[0] === value,
        };
      }),
      ...["all", "error", "log", "metric", "span"].map((dataType) => ({
        label: `dataType (${dataType})`,
        args: { ...base(), dataType, conditions: [{ type: "release", value: [`app@${++n}.*`] }] },
        reached: (s: SentRequest[]) => body(s).dataType === dataType,
      })),
      {
        label: "active",
        args: { ...base(), active: false },
        reached: (s) => body(s).active === false,
      },
      { label: "active (default)", args: base(), reached: (s) => body(s).active === true },
      { label: "regionUrl (null branch)", args: { ...base(), regionUrl: null }, reached: posted },
      {
        label: "regionUrl (string branch)",
        args: { ...base(), regionUrl: "https://us.sentry.io" },
        reached: posted,
      },
    ];
  },
  update_custom_inbound_filter: () => {
    const target = (
      extra: Record<string, unknown>,
      check: (b: Body) => boolean,
      label: string,
    ): Probe => {
      const id = seedFilter(sandbox);
      return {
        label,
        args: { organizationSlug: "acme", projectSlug: "backend", filterId: id, ...extra },
        reached: (s) =>
          writeOf(s)?.method === "PUT" && writeOf(s)?.path === `${LIST}${id}/` && check(body(s)),
      };
    };
    return [
      target({ name: "Renamed" }, (b) => b.name === "Renamed", "organizationSlug"),
      target({ name: "Renamed" }, (b) => b.name === "Renamed", "projectSlug"),
      target({ name: "Renamed" }, (b) => b.name === "Renamed", "filterId"),
      target({ name: "Renamed again" }, (b) => b.name === "Renamed again", "name"),
      target({ active: false }, (b) => b.active === false, "active"),
      target(
        { dataType: "all", conditions: [{ type: "ip_address", value: ["192.0.2.0/24"] }] },
        (b) => b.dataType === "all",
        "dataType",
      ),
      target(
        { conditions: [{ type: "error_type", value: ["KeyError"] }] },
        (b) => b.conditions?.[0]?.type === "error_type",
        "conditions",
      ),
      target(
        { active: false, regionUrl: null },
        (b) => b.active === false,
        "regionUrl (null branch)",
      ),
      target(
        { active: false, regionUrl: "https://us.sentry.io" },
        (b) => b.active === false,
        "regionUrl (string branch)",
      ),
    ];
  },
  delete_custom_inbound_filter: () =>
    [
      "organizationSlug",
      "projectSlug",
      "filterId",
      "regionUrl (null branch)",
      "regionUrl (string branch)",
    ].map((label) => {
      const id = seedFilter(sandbox);
      const region = label.startsWith("regionUrl")
        ? { regionUrl: label.includes("null") ? null : "https://us.sentry.io" }
        : {};
      return {
        label,
        args: { organizationSlug: "acme", projectSlug: "backend", filterId: id, ...region },
        reached: (s: SentRequest[]) =>
          writeOf(s)?.method === "DELETE" && writeOf(s)?.path === `${LIST}${id}/`,
      };
    }),
});

describeIncumbentTools(
  new URL("./fixtures/incumbent-0.42-inbound-filters.json", import.meta.url),
  probes,
);
