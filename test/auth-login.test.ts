/**
 * `sentry-mcp auth login` end to end: the built CLI runs the device flow against the sandbox,
 * a "browser" approves the code over HTTP, the token lands in $HOME/.sentry/mcp.json, and the
 * stdio server, `call` and `auth status` use it without a token. Each test has its own HOME.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LOGIN } from "../sandbox/data/oauth.js";
import type { Sandbox } from "../sandbox/server.js";
import { startTestSandbox, TOKEN } from "./harness.js";

const CLI = new URL("../dist/src/cli/index.js", import.meta.url).pathname;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

interface Run {
  child: ChildProcess;
  stderr: () => string;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function run(args: string[], home: string): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c) => {
    stdout += String(c);
  });
  child.stderr?.on("data", (c) => {
    stderr += String(c);
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, stderr: () => stderr, done };
}

const hostArgs = () => [`--host=${sandbox.host}`, "--insecure-http"];
const newHome = () => mkdtempSync(join(tmpdir(), "sentry-mcp-auth-"));
const loginFile = (home: string) => join(home, ".sentry", "mcp.json");
/** Our entry in the shared cache: `host:clientId`, the incumbent's format. */
const ourKey = () => `${sandbox.host}:sentry-mcp-lite`;
const savedToken = (home: string) =>
  JSON.parse(readFileSync(loginFile(home), "utf8"))[ourKey()].access_token as string;

/** Waits until the CLI has printed the user code, then returns it. */
async function userCodeOf(login: Run): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = /code {2}([A-Z]{4}-[A-Z]{4})/.exec(login.stderr())?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no user code in: ${login.stderr()}`);
}

/** What the user does in the browser: type the code, log in, approve (or deny). */
async function browser(userCode: string, op: "approve" | "deny"): Promise<void> {
  const res = await fetch(`${sandbox.url}/oauth/device/`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      user_code: userCode,
      email: SANDBOX_LOGIN.email,
      password: SANDBOX_LOGIN.password,
      op,
    }).toString(),
  });
  expect(res.status).toBe(200);
}

async function logIn(home: string): Promise<string> {
  const login = run(["auth", "login", ...hostArgs()], home);
  await browser(await userCodeOf(login), "approve");
  const result = await login.done;
  expect(result.code, result.stderr).toBe(0);
  return result.stderr;
}

describe("auth login (device flow) end to end", () => {
  it("logs in, saves the token privately, and never prints it", async () => {
    const home = newHome();
    const login = run(["auth", "login", ...hostArgs()], home);
    const userCode = await userCodeOf(login);
    expect(login.stderr()).toContain(`${sandbox.url}/oauth/device/?user_code=${userCode}`);
    await browser(userCode, "approve");
    const result = await login.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `Logged in to ${sandbox.host} as Dana Reyes <dana.reyes@acme.example>. Saved to ${loginFile(home)}`,
    );
    expect(statSync(loginFile(home)).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, ".sentry")).mode & 0o777).toBe(0o700);
    const token = savedToken(home);
    expect(token).toMatch(/^sbxdevice_/);
    expect(result.stderr).not.toContain(token);

    const status = await run(["auth", "status", ...hostArgs()], home).done;
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(
      new RegExp(
        `Logged in to ${sandbox.host} as Dana Reyes <dana.reyes@acme.example>; expires in 8 hours`,
      ),
    );
    expect(status.stderr).not.toContain(token);
  });

  it("the stdio server and call use the saved login when no token is given", async () => {
    const home = newHome();
    await logIn(home);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, ...hostArgs()],
      env: { PATH: process.env.PATH ?? "", HOME: home },
      stderr: "pipe",
    });
    const client = new Client({ name: "e2e-auth", version: "1.0.0" });
    await client.connect(transport);
    try {
      const me = await client.callTool({ name: "whoami", arguments: {} });
      expect(me.isError).toBeFalsy();
      expect(me.structuredContent).toMatchObject({ email: "dana.reyes@acme.example" });
    } finally {
      await client.close();
    }
    const call = await run(["call", "whoami", "--json", ...hostArgs()], home).done;
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).structuredContent.name).toBe("Dana Reyes");
  });

  it("renews an expired saved token with its refresh token", async () => {
    const home = newHome();
    await logIn(home);
    const before = savedToken(home);
    const file = JSON.parse(readFileSync(loginFile(home), "utf8"));
    file[ourKey()].expires_at = "2020-01-01T00:00:00.000Z";
    writeFileSync(loginFile(home), JSON.stringify(file));
    const call = await run(["call", "whoami", ...hostArgs()], home).done;
    expect(call.code, call.stderr).toBe(0);
    const after = savedToken(home);
    expect(after).not.toBe(before);
    expect(statSync(loginFile(home)).mode & 0o777).toBe(0o600);
  });

  it("uses a login saved by @sentry/mcp-server at once and keeps it byte-identical", async () => {
    const home = newHome();
    const incumbent = JSON.stringify(
      {
        [`${sandbox.host}:incumbent-client`]: {
          access_token: TOKEN,
          refresh_token: "incumbent-refresh",
          expires_at: "2099-01-01T00:00:00.000Z",
          sentry_host: sandbox.host,
          client_id: "incumbent-client",
          user_email: "dana.reyes@acme.example",
          scope: "org:read project:read",
        },
        "sentry.io:another": { access_token: "x", client_id: "another" },
        junk: [1, { two: null }],
      },
      null,
      2,
    );
    mkdirSync(join(home, ".sentry"), { mode: 0o700 });
    writeFileSync(loginFile(home), incumbent, { mode: 0o600 });
    const call = await run(["call", "whoami", "--json", ...hostArgs()], home).done;
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).structuredContent.name).toBe("Dana Reyes");
    await logIn(home);
    const both = JSON.parse(readFileSync(loginFile(home), "utf8"));
    expect(Object.keys(both)).toEqual([...Object.keys(JSON.parse(incumbent)), ourKey()]);
    const logout = await run(["auth", "logout", ...hostArgs()], home).done;
    expect(logout.code).toBe(0);
    expect(readFileSync(loginFile(home), "utf8")).toBe(incumbent);
  });

  it("logout forgets the token; then a token is required again", async () => {
    const home = newHome();
    await logIn(home);
    const logout = await run(["auth", "logout", ...hostArgs()], home).done;
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain(`Logged out of ${sandbox.host}`);
    const status = await run(["auth", "status", ...hostArgs()], home).done;
    expect(status.code).toBe(1);
    expect(status.stderr).toContain(`Not logged in to ${sandbox.host}`);
    const call = await run(["call", "whoami", ...hostArgs()], home).done;
    expect(call.code).toBe(1);
    expect(call.stderr).toContain("No access token");
  });

  it("a denied login exits 1 and saves nothing", async () => {
    const home = newHome();
    const login = run(["auth", "login", ...hostArgs()], home);
    await browser(await userCodeOf(login), "deny");
    const result = await login.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The login was denied in the browser.");
    expect(() => statSync(loginFile(home))).toThrow();
  });

  it("a Sentry without device login (self-hosted) gets told to use a token", async () => {
    const selfHosted: Server = createServer((_req, res) => {
      res.writeHead(404, { "Content-Type": "text/html" });
      res.end("<h1>Not Found</h1>");
    });
    await new Promise<void>((r) => selfHosted.listen(0, "127.0.0.1", r));
    const port = (selfHosted.address() as AddressInfo).port;
    try {
      const home = newHome();
      const result = await run(
        ["auth", "login", `--host=127.0.0.1:${port}`, "--insecure-http"],
        home,
      ).done;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `sentry-mcp: 127.0.0.1:${port} does not offer device login (self-hosted Sentry usually does not).\nCreate a user auth token at http://127.0.0.1:${port}/settings/account/api/auth-tokens/`,
      );
      expect(result.stderr).toContain("--access-token or set SENTRY_ACCESS_TOKEN");
    } finally {
      await new Promise((r) => selfHosted.close(r));
    }
  });
});
