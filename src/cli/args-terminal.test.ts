/** parseCli for `auth`, `tools`, `call` and the saved login (args.test.ts covers the rest). */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCli } from "./args.js";
import { saveLogin } from "./token-cache.js";

const home = () => mkdtempSync(join(tmpdir(), "sentry-mcp-args-"));

describe("parseCli: terminal commands", () => {
  it("parses auth, tools and call with their words and flags", () => {
    expect(parseCli(["auth", "login", "--client-id=abc"], {})).toMatchObject({
      command: "auth",
      terminal: { args: ["login"], json: false, clientId: "abc" },
    });
    expect(parseCli(["auth", "status"], { SENTRY_CLIENT_ID: "env-id" }).terminal?.clientId).toBe(
      "env-id",
    );
    expect(parseCli(["tools", "--demo", "--json"], {})).toMatchObject({
      command: "tools",
      demo: true,
      terminal: { args: [], json: true },
    });
    expect(
      parseCli(["call", "search_issues", "limit=5", "--args={}", "--access-token=t"], {}),
    ).toMatchObject({
      command: "call",
      terminal: { args: ["search_issues", "limit=5"], argsJson: "{}" },
    });
  });

  it.each([
    [["auth"], /Usage: sentry-mcp auth login\|logout\|status/],
    [["auth", "whoami"], /Usage: sentry-mcp auth/],
    [["call"], /Usage: sentry-mcp call TOOL/],
    [["tools", "extra"], /Unknown command "tools extra"/],
    [["tools"], /No access token.*sentry-mcp auth login/],
    [["call", "whoami"], /No access token/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(message);
  });

  it("auth needs no token; stdio, tools and call fall back to the saved login", () => {
    const env = { HOME: home() };
    expect(parseCli(["auth", "login"], env).command).toBe("auth");
    expect(() => parseCli([], env)).toThrow(/No access token/);
    saveLogin("https://sentry.io", { accessToken: "saved", clientId: "c" }, env);
    const stdio = parseCli([], env);
    expect(stdio.config.accessToken).toBe("saved");
    expect(stdio.savedLogin).toBe(true);
    expect(parseCli(["call", "whoami"], env).config.accessToken).toBe("saved");
    // A given token wins, and another host has no saved login.
    const given = parseCli(["--access-token=given"], env);
    expect(given.config.accessToken).toBe("given");
    expect(given.savedLogin).toBeUndefined();
    expect(() => parseCli(["--host=sentry.example.com"], env)).toThrow(/No access token/);
  });
});
