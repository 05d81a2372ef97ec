import { describe, expect, it } from "vitest";
import { keepHttpTransaction, templateApiPath, templateMcpRoute } from "./routes.js";

describe("templateApiPath", () => {
  it.each([
    ["/api/0/organizations/", "/api/0/organizations/"],
    ["/api/0/organizations/acme/", "/api/0/organizations/{org}/"],
    ["/api/0/organizations/acme/issues/", "/api/0/organizations/{org}/issues/"],
    ["/api/0/organizations/acme/issues/123456/", "/api/0/organizations/{org}/issues/{issue_id}/"],
    [
      "/api/0/organizations/acme/issues/ACME-12/events/latest/",
      "/api/0/organizations/{org}/issues/{issue_id}/events/latest/",
    ],
    ["/api/0/organizations/acme/projects/", "/api/0/organizations/{org}/projects/"],
    ["/api/0/projects/acme/backend/", "/api/0/projects/{org}/{project}/"],
    [
      "/api/0/projects/acme/backend/events/0123456789abcdef0123456789abcdef/",
      "/api/0/projects/{org}/{project}/events/{event_id}/",
    ],
    ["/api/0/teams/acme/platform/projects/", "/api/0/teams/{org}/{team}/projects/"],
    [
      "/api/0/organizations/acme/releases/web%401.2.3/",
      "/api/0/organizations/{org}/releases/{version}/",
    ],
    [
      "/api/0/organizations/acme/trace/0123456789abcdef0123456789abcdef/",
      "/api/0/organizations/{org}/trace/{trace_id}/",
    ],
    ["/api/0/auth/", "/api/0/auth/"],
    ["/api/0/issues/42/", "/api/0/issues/{issue_id}/"],
    ["/api/0/organizations/acme/events-stats/", "/api/0/organizations/{org}/events-stats/"],
  ])("%s", (path, expected) => {
    expect(templateApiPath(path)).toBe(expected);
  });

  it("templates ids outside /api/0/ generically", () => {
    expect(templateApiPath("/oauth/clients/123/")).toBe("/oauth/clients/{id}/");
  });
});

describe("templateMcpRoute", () => {
  it("names the MCP endpoint by its pins", () => {
    expect(templateMcpRoute("/mcp")).toBe("/mcp");
    expect(templateMcpRoute("/mcp/acme")).toBe("/mcp/{org}");
    expect(templateMcpRoute("/mcp/acme/backend")).toBe("/mcp/{org}/{project}");
  });

  it("keeps auth failures and misses on /mcp, drops them elsewhere", () => {
    const tx = (route: string, status: number) => ({
      contexts: { trace: { data: { "http.route": route, "http.response.status_code": status } } },
    });
    for (const status of [401, 403, 404]) {
      expect(keepHttpTransaction(tx("/mcp", status))).toBe(true);
      expect(keepHttpTransaction(tx("/mcp/{org}", status))).toBe(true);
      expect(keepHttpTransaction(tx("/wp-login.php", status))).toBe(false);
    }
    expect(keepHttpTransaction(tx("/other", 200))).toBe(true);
    expect(keepHttpTransaction(tx("/other", 500))).toBe(true);
  });
});
