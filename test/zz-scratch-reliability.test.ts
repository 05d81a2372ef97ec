import { it } from "vitest";
import { startTestSandbox, toolCaller } from "./harness.js";
it("dots", async () => {
  const sandbox = await startTestSandbox();
  const tools = toolCaller(sandbox);
  for (const [name, args] of [
    ["get_issue_details", { organizationSlug: "acme", issueId: ".." }],
    ["find_projects", { organizationSlug: ".." }],
    ["get_dashboard_details", { organizationSlug: "acme", dashboardId: ".." }],
    ["get_release_details", { organizationSlug: "acme", version: "../../../organizations/acme/" }],
    ["get_release_details", { organizationSlug: "acme", version: ".." }],
    ["get_doc", { path: "/../../api/0/organizations/" }],
    ["get_monitor_details", { organizationSlug: "acme", monitorSlug: ".." }],
    ["get_trace_details", { organizationSlug: "acme", traceId: ".." }],
    ["get_issue_tag_values", { organizationSlug: "acme", issueId: "BACKEND-1A", tagKey: ".." }],
    ["get_replay_details", { organizationSlug: "acme", replayId: ".." }],
    ["get_ai_conversation_details", { organizationSlug: "acme", conversationId: ".." }],
    ["update_project", { organizationSlug: "acme", projectSlug: "..", name: "x" }],
    ["delete_monitor_environment", { organizationSlug: "acme", projectSlug: "backend", monitorSlug: "..", environment: ".." }],
  ] as const) {
    const before = sandbox.requests.length;
    const r = await tools.call(name, args as any);
    console.log(name, JSON.stringify(args), "=>", sandbox.requests.slice(before).map((x) => `${x.method} ${x.path}`).join(", "), "|", r.content.map((c: any) => c.text).join("").slice(0, 150));
  }
  await sandbox.close();
}, 60000);
