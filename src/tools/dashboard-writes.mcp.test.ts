/**
 * The dashboard write tools through a real MCP client (in memory), as an agent reaches them:
 * catalog-only, so through search_sentry_tools' sibling execute_sentry_tool. create → read →
 * update → duplicate → delete (confirmed) → gone; a declined delete changes nothing; read-only,
 * a missing skill and a project pin each hide them with a reason.
 */

import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, startTestSandbox } from "../../test/harness.js";
import { recordingFetch, textOf } from "../../test/write-helpers.js";
import { SKILLS } from "./types.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const ALL = [...SKILLS];
const INSPECT: typeof ALL = ["inspect"];
const TOOLS = ["create_dashboard", "update_dashboard", "duplicate_dashboard", "delete_dashboard"];

type Session = Awaited<ReturnType<typeof connectInMemory>>;
async function run(session: Session, name: string, args: Record<string, unknown>) {
  const result = await session.client.callTool({
    name: "execute_sentry_tool",
    arguments: { name, arguments: args },
  });
  return { text: textOf(result as never), isError: result.isError === true };
}

describe("dashboard writes over MCP", () => {
  it("create → read → update → duplicate → delete (confirmed) → gone", async () => {
    const answers: Array<"accept" | "decline"> = ["decline", "accept", "accept"];
    const asked: string[] = [];
    const session = await connectInMemory(sandbox, {
      skills: ["inspect", "project-management"],
      clientCapabilities: { elicitation: {} },
    });
    session.client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      const action = answers.shift() ?? "decline";
      return action === "accept" ? { action, content: { confirm: true } } : { action };
    });
    const org = { organizationSlug: "acme" };
    const created = await run(session, "create_dashboard", {
      ...org,
      title: "Checkout errors",
      widgets: [{ title: "Checkout errors", conditions: "transaction:*checkout*" }],
    });
    expect(created.isError).toBe(false);
    const id = /"id":"(\d+)"/.exec(created.text)?.[1];
    const read = await run(session, "get_dashboard_details", { ...org, dashboardIdOrTitle: id });
    expect(read.text).toContain("### Checkout errors");

    // update is destructive (PUT replaces the widget list): declined first, then accepted
    const update = {
      ...org,
      dashboardIdOrTitle: id,
      addWidgets: [{ title: "By release", columns: ["release"] }],
    };
    const declined = await run(session, "update_dashboard", update);
    expect(declined.text).toMatch(/^Not run: the user did not confirm update_dashboard\./);
    const updated = await run(session, "update_dashboard", update);
    expect(updated.text).toContain('added widget \\"By release\\" (table of errors');

    const copy = await run(session, "duplicate_dashboard", { ...org, dashboardIdOrTitle: id });
    expect(copy.text).toContain('to \\"Checkout errors copy\\"');

    const deleted = await run(session, "delete_dashboard", { ...org, dashboardIdOrTitle: id });
    expect(deleted.text).toContain('Deleted dashboard \\"Checkout errors\\"');
    expect(asked).toHaveLength(3);
    const gone = await run(session, "get_dashboard_details", { ...org, dashboardIdOrTitle: id });
    expect(gone.isError).toBe(true);
    const list = await run(session, "find_dashboards", { ...org, titleQuery: "Checkout errors" });
    expect(list.text).toContain("### Checkout errors copy");
    await session.close();
  });

  it("read-only, a missing skill and a project pin each refuse with the reason; nothing is sent", async () => {
    const rec = recordingFetch();
    const cases = [
      [{ readOnly: true, skills: ALL }, "the session is read-only"],
      [{ skills: INSPECT }, "needs the project-management skill"],
      [
        { skills: ALL, constraints: { organizationSlug: "acme", projectSlug: "backend" } },
        "the session is pinned to one project",
      ],
    ] as Array<[Parameters<typeof connectInMemory>[1], string]>;
    for (const [options, reason] of cases) {
      const session = await connectInMemory(sandbox, { fetch: rec.fetch, ...options });
      for (const name of TOOLS) {
        const out = await run(session, name, {
          organizationSlug: "acme",
          title: "X",
          dashboardIdOrTitle: "5101",
        });
        expect(out.isError, name).toBe(true);
        expect(out.text, name).toContain(`${name} is not available in this session: ${reason}`);
      }
      await session.close();
    }
    expect(rec.writes()).toEqual([]);
  });
});
