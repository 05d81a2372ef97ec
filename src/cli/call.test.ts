import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Sandbox } from "../../sandbox/server.js";
import { startTestSandbox, TOKEN } from "../../test/harness.js";
import { defaultConfig } from "../config.js";
import { defineTool } from "../tools/define.js";
import searchIssues from "../tools/search-issues.js";
import whoami from "../tools/whoami.js";
import { closest, parseCallArgs, parseValue, runCall } from "./call.js";
import type { TerminalIO } from "./terminal-output.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function capture(tty = false) {
  const out = { stdout: "", stderr: "" };
  const io: TerminalIO = {
    stdout: (t) => {
      out.stdout += t;
    },
    stderr: (t) => {
      out.stderr += t;
    },
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    color: false,
  };
  return { io, out };
}

const config = (overrides = {}) =>
  defaultConfig({ sentryUrl: sandbox.url, accessToken: TOKEN, ...overrides });
const flags = (args: string[], extra = {}) => ({ args, json: false, ...extra });

describe("parseCallArgs", () => {
  it("parses values as JSON when they are JSON, else as text", () => {
    expect(
      parseCallArgs(
        ["limit=5", "query=is:unresolved level:error", 'sort="freq"', "period=7d"],
        undefined,
        searchIssues,
      ),
    ).toEqual({ limit: 5, query: "is:unresolved level:error", sort: "freq", period: "7d" });
  });

  it("keeps the text when the parameter takes a string (numeric ids, true as a query)", () => {
    expect(parseValue("6429876543", z.string())).toBe("6429876543");
    expect(parseValue("true", z.string())).toBe("true");
    expect(parseValue("true", z.boolean())).toBe(true);
    expect(parseValue('["a","b"]', z.array(z.string()))).toEqual(["a", "b"]);
    expect(parseValue("5")).toBe(5);
    expect(parseValue("a=b")).toBe("a=b");
  });

  it("merges --args JSON with key=value words (the words win)", () => {
    expect(
      parseCallArgs(["limit=3"], '{"query":"is:unresolved","limit":10}', searchIssues),
    ).toEqual({ query: "is:unresolved", limit: 3 });
  });

  it.each([
    [["limit"], undefined, /Expected key=value, got "limit"/],
    [["=5"], undefined, /Expected key=value/],
    [[], "[1,2]", /--args must be a JSON object/],
    [[], "{nope", /--args must be a JSON object/],
    [
      ["limt=5"],
      undefined,
      /search_issues has no parameter "limt". Parameters: organizationSlug, query/,
    ],
  ])("rejects %j %j", (words, json, message) => {
    expect(() => parseCallArgs(words, json, searchIssues)).toThrow(message);
  });

  it("suggests tool names for a typo", () => {
    expect(closest("get_isue", [whoami, searchIssues])).toEqual([]);
    expect(closest("serch_issues", [whoami, searchIssues])).toEqual(["search_issues"]);
    expect(closest("whoam", [whoami, searchIssues])).toEqual(["whoami"]);
  });
});

describe("runCall", () => {
  it("prints the markdown answer on stdout and nothing else", async () => {
    const { io, out } = capture();
    const code = await runCall(
      config(),
      flags(["search_issues", "organizationSlug=acme", "limit=2", "query=is:unresolved"]),
      io,
    );
    expect(code).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout).toMatch(/^# Issues in \*\*`acme`\*\*/);
    expect(out.stdout).toContain("## Response Notes");
  });

  it("pretty-prints structured results, and --json prints the raw CallToolResult", async () => {
    const human = capture();
    expect(await runCall(config(), flags(["whoami"]), human.io)).toBe(0);
    expect(human.out.stdout).toBe(
      `${JSON.stringify({ id: "100001", name: "Dana Reyes", email: "dana.reyes@acme.example", username: "dana.reyes" }, null, 2)}\n`,
    );
    const script = capture();
    expect(await runCall(config(), flags(["whoami"], { json: true }), script.io)).toBe(0);
    const raw = JSON.parse(script.out.stdout);
    expect(raw.structuredContent.id).toBe("100001");
    expect(JSON.parse(raw.content[0].text)).toEqual(raw.structuredContent);
  });

  it("exits 1 on an error result, with the message on stderr", async () => {
    const { io, out } = capture();
    const code = await runCall(
      config(),
      flags(["get_issue_details", "organizationSlug=acme", "issueId=NOPE-404"]),
      io,
    );
    expect(code).toBe(1);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/^Not found/);
    const json = capture();
    expect(
      await runCall(
        config(),
        flags(["get_issue_details", "organizationSlug=acme", "issueId=NOPE-404"], { json: true }),
        json.io,
      ),
    ).toBe(1);
    expect(JSON.parse(json.out.stdout).isError).toBe(true);
  });

  it("applies the session's filters and pins like the server", async () => {
    const readOnly = capture();
    expect(
      await runCall(
        config({ skills: ["inspect", "triage"], readOnly: true }),
        flags(["update_issue", "issueId=BACKEND-1", "status=resolved"]),
        readOnly.io,
      ),
    ).toBe(1);
    expect(readOnly.out.stderr).toContain(
      "not available in this session: the session is read-only",
    );
    const pinned = capture();
    expect(
      await runCall(
        config({ organizationSlug: "acme" }),
        flags(["search_issues", "organizationSlug=globex"]),
        pinned.io,
      ),
    ).toBe(1);
    expect(pinned.out.stderr).toContain('pinned to organization "acme"');
  });

  it("names unknown tools with suggestions", async () => {
    const { io, out } = capture();
    expect(await runCall(config(), flags(["serch_issues"]), io)).toBe(1);
    expect(out.stderr).toBe(
      'sentry-mcp: unknown tool "serch_issues". Did you mean search_issues, search_issue_events? `sentry-mcp tools` lists them.\n',
    );
  });

  it("shows progress on stderr (a terminal) while a long tool runs, and clears it", async () => {
    const slow = defineTool({
      name: "slow_tool",
      title: "Slow",
      description: "Reports progress.",
      inputSchema: {},
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      skills: [],
      requiredScopes: [],
      async handler(_params, ctx) {
        await ctx.progress(1, 3, "Seer is looking at the stack trace");
        await new Promise((r) => setTimeout(r, 30));
        await ctx.progress(2, 3, "Root cause found");
        return "# Done";
      },
    });
    const tty = capture(true);
    expect(await runCall(config(), flags(["slow_tool"]), tty.io, { tools: [slow] })).toBe(0);
    expect(tty.out.stdout).toBe("# Done\n");
    expect(tty.out.stderr).toContain("slow_tool 0s · Seer is looking at the stack trace 33%");
    expect(tty.out.stderr).toContain("Root cause found 67%");
    expect(tty.out.stderr.endsWith("\r\x1b[2K")).toBe(true);
    const pipe = capture(false);
    expect(await runCall(config(), flags(["slow_tool"]), pipe.io, { tools: [slow] })).toBe(0);
    expect(pipe.out.stderr).toBe("");
  });
});
