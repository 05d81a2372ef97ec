/**
 * `sentry-mcp tools` and `sentry-mcp call` from the built CLI against the embedded sandbox
 * (--demo), as a new user tries them: stdout holds only the result, exit codes tell errors.
 */

import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => {
    stdout += String(c);
  });
  child.stderr.on("data", (c) => {
    stderr += String(c);
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe.concurrent("sentry-mcp tools / call --demo (built CLI)", () => {
  it("tools lists the direct surface and the catalog", async () => {
    const result = await cli(["tools", "--demo"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^\d+ of \d+ tools in this session \(skills: inspect, seer\)/);
    expect(result.stdout).toMatch(/\n {2}whoami +direct +read +\(always\)\n/);
    expect(result.stdout).toMatch(/\n {2}\w+ +catalog +read /);
    const json = JSON.parse((await cli(["tools", "--demo", "--json", "--all-skills"])).stdout);
    expect(json.tools.map((t: { name: string }) => t.name)).toContain("update_issue");
  });

  it("call prints a markdown answer", async () => {
    const result = await cli([
      "call",
      "search_issues",
      "organizationSlug=acme",
      "query=is:unresolved",
      "limit=2",
      "--demo",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^# Issues in \*\*`acme`\*\*\n/);
  });

  it("call --json prints the raw CallToolResult; --args takes JSON", async () => {
    const result = await cli([
      "call",
      "find_projects",
      "--args",
      '{"organizationSlug":"acme"}',
      "--json",
      "--demo",
    ]);
    expect(result.code, result.stderr).toBe(0);
    const raw = JSON.parse(result.stdout);
    expect(raw.structuredContent.organization).toBe("acme");
    expect(raw.content[0].type).toBe("text");
  });

  it("exits 1 with the error on stderr and nothing on stdout", async () => {
    const result = await cli([
      "call",
      "get_issue_details",
      "organizationSlug=acme",
      "issueId=NOPE-404",
      "--demo",
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Not found/);
    const usage = await cli(["call", "--demo"]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toBe("sentry-mcp: Usage: sentry-mcp call TOOL key=value ...\n");
  });
});
