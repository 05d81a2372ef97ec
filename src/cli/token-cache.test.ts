import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  isExpired,
  loginFile,
  readLogin,
  removeLogin,
  type SavedLogin,
  saveLogin,
} from "./token-cache.js";

const login = (token: string, extra: Partial<SavedLogin> = {}): SavedLogin => ({
  accessToken: token,
  clientId: "sentry-mcp-lite",
  ...extra,
});

const tempHome = () => ({ HOME: mkdtempSync(join(tmpdir(), "sentry-mcp-home-")) });

/** A cache file as @sentry/mcp-server writes it, with an entry of its own and entries we do not know. */
const INCUMBENT_FILE = JSON.stringify(
  {
    "sentry.io:incumbent-client": {
      access_token: "incumbent-token",
      refresh_token: "incumbent-refresh",
      expires_at: "2027-01-01T00:00:00.000Z",
      sentry_host: "sentry.io",
      client_id: "incumbent-client",
      user_email: "jane@example.com",
      scope: "org:read project:write team:write event:write",
    },
    "sentry.example.com:other": { access_token: "self-hosted", client_id: "other" },
    junk: [1, "two", { three: null }],
    "sentry.io:broken": "not an entry",
  },
  null,
  2,
);

function withIncumbentFile() {
  const env = tempHome();
  mkdirSync(join(env.HOME, ".sentry"), { mode: 0o700 });
  const file = join(env.HOME, ".sentry", "mcp.json");
  writeFileSync(file, INCUMBENT_FILE, { mode: 0o600 });
  return { env, file };
}

describe("token cache (the incumbent's file and format)", () => {
  it("saves under host:clientId in ~/.sentry/mcp.json, file 0600 and directory 0700", () => {
    const env = tempHome();
    const file = saveLogin(
      "https://sentry.io",
      login("a", {
        refreshToken: "r",
        expiresAt: "2027-01-01T00:00:00.000Z",
        scope: "org:read",
        user: { email: "me@x.io" },
      }),
      env,
    );
    saveLogin("http://127.0.0.1:8765", login("b"), env);
    expect(file).toBe(join(env.HOME, ".sentry", "mcp.json"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.HOME, ".sentry")).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      "sentry.io:sentry-mcp-lite": {
        access_token: "a",
        refresh_token: "r",
        expires_at: "2027-01-01T00:00:00.000Z",
        sentry_host: "sentry.io",
        client_id: "sentry-mcp-lite",
        user_email: "me@x.io",
        scope: "org:read",
      },
      "127.0.0.1:8765:sentry-mcp-lite": {
        access_token: "b",
        refresh_token: null,
        expires_at: null,
        sentry_host: "127.0.0.1:8765",
        client_id: "sentry-mcp-lite",
        user_email: null,
        scope: null,
      },
    });
    expect(readLogin("https://sentry.io/", env)?.accessToken).toBe("a");
    expect(readLogin("http://127.0.0.1:8765", env)?.accessToken).toBe("b");
    expect(readLogin("https://de.sentry.io", env)).toBeUndefined();
  });

  it("SENTRY_MCP_AUTH_CACHE names the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "sentry-mcp-cache-"));
    const env = { SENTRY_MCP_AUTH_CACHE: join(dir, "nested", "cache.json") };
    expect(saveLogin("https://sentry.io", login("a"), env)).toBe(env.SENTRY_MCP_AUTH_CACHE);
    expect(statSync(join(dir, "nested")).mode & 0o777).toBe(0o700);
    expect(readLogin("https://sentry.io", env)?.accessToken).toBe("a");
    expect(loginFile(env)).toBe(env.SENTRY_MCP_AUTH_CACHE);
  });

  it("uses a login saved by the incumbent for the same host at once", () => {
    const { env } = withIncumbentFile();
    const found = readLogin("https://sentry.io", env, Date.parse("2026-11-01T00:00:00Z"));
    expect(found).toEqual({
      accessToken: "incumbent-token",
      refreshToken: "incumbent-refresh",
      expiresAt: "2027-01-01T00:00:00.000Z",
      scope: "org:read project:write team:write event:write",
      clientId: "incumbent-client",
      user: { email: "jane@example.com" },
      key: "sentry.io:incumbent-client",
    });
    expect(readLogin("https://sentry.example.com", env)?.accessToken).toBe("self-hosted");
  });

  it("prefers an unexpired login, then ours", () => {
    const { env } = withIncumbentFile();
    const now = Date.parse("2026-11-01T00:00:00Z");
    saveLogin(
      "https://sentry.io",
      login("ours-expired", { expiresAt: "2026-10-01T00:00:00Z" }),
      env,
    );
    expect(readLogin("https://sentry.io", env, now)?.accessToken).toBe("incumbent-token");
    saveLogin("https://sentry.io", login("ours", { expiresAt: "2026-12-01T00:00:00Z" }), env);
    expect(readLogin("https://sentry.io", env, now)?.accessToken).toBe("ours");
  });

  it("keeps every entry it did not write byte-identical through our login and logout", () => {
    const { env, file } = withIncumbentFile();
    saveLogin("https://sentry.io", login("ours"), env);
    const after = JSON.parse(readFileSync(file, "utf8"));
    const before = JSON.parse(INCUMBENT_FILE);
    for (const key of Object.keys(before))
      expect(JSON.stringify(after[key], null, 2), key).toBe(JSON.stringify(before[key], null, 2));
    expect(Object.keys(after)).toEqual([...Object.keys(before), "sentry.io:sentry-mcp-lite"]);
    expect(removeLogin("https://sentry.io", env)).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(INCUMBENT_FILE);
    // logout never removes another client's entry
    expect(removeLogin("https://sentry.io", env)).toBe(false);
    expect(readFileSync(file, "utf8")).toBe(INCUMBENT_FILE);
  });

  it("keeps 0600 when replacing a file that was more open", () => {
    const env = tempHome();
    mkdirSync(join(env.HOME, ".sentry"));
    writeFileSync(join(env.HOME, ".sentry", "mcp.json"), "{}", { mode: 0o644 });
    const file = saveLogin("https://sentry.io", login("a"), env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("never overwrites a file that is not a JSON object, and never reads without HOME", () => {
    const env = tempHome();
    mkdirSync(join(env.HOME, ".sentry"));
    const file = join(env.HOME, ".sentry", "mcp.json");
    writeFileSync(file, "not json");
    expect(readLogin("https://sentry.io", env)).toBeUndefined();
    expect(() => saveLogin("https://sentry.io", login("a"), env)).toThrow(
      /is not a JSON object; move it away/,
    );
    expect(readFileSync(file, "utf8")).toBe("not json");
    expect(readLogin("https://sentry.io", {})).toBeUndefined();
  });

  it("knows when a token has expired (with a minute's margin)", () => {
    const now = Date.parse("2026-11-01T12:00:00Z");
    expect(isExpired(login("a"), now)).toBe(false);
    expect(isExpired(login("a", { expiresAt: "2026-11-01T12:00:30Z" }), now)).toBe(true);
    expect(isExpired(login("a", { expiresAt: "2026-11-01T13:00:00Z" }), now)).toBe(false);
  });
});
