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
  clientId: "client-1",
  savedAt: "2026-11-01T12:00:00.000Z",
  ...extra,
});

const tempHome = () => ({ HOME: mkdtempSync(join(tmpdir(), "sentry-mcp-home-")) });

describe("token cache", () => {
  it("saves per origin in ~/.sentry/mcp.json, file 0600 and directory 0700", () => {
    const env = tempHome();
    const file = saveLogin("https://sentry.io", login("a"), env);
    saveLogin("http://127.0.0.1:8765", login("b"), env);
    expect(file).toBe(join(env.HOME, ".sentry", "mcp.json"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.HOME, ".sentry")).mode & 0o777).toBe(0o700);
    expect(readLogin("https://sentry.io/", env)?.accessToken).toBe("a");
    expect(readLogin("http://127.0.0.1:8765", env)?.accessToken).toBe("b");
    // Another scheme or port is another Sentry.
    expect(readLogin("https://127.0.0.1:8765", env)).toBeUndefined();
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      version: 1,
      logins: { "https://sentry.io": { accessToken: "a" } },
    });
  });

  it("keeps 0600 when replacing a file that was more open", () => {
    const env = tempHome();
    mkdirSync(join(env.HOME, ".sentry"));
    writeFileSync(join(env.HOME, ".sentry", "mcp.json"), "{}", { mode: 0o644 });
    const file = saveLogin("https://sentry.io", login("a"), env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("removes one login and the file with the last one", () => {
    const env = tempHome();
    saveLogin("https://sentry.io", login("a"), env);
    saveLogin("https://de.sentry.io", login("b"), env);
    expect(removeLogin("https://sentry.io", env)).toBe(true);
    expect(removeLogin("https://sentry.io", env)).toBe(false);
    expect(readLogin("https://de.sentry.io", env)?.accessToken).toBe("b");
    expect(removeLogin("https://de.sentry.io", env)).toBe(true);
    expect(() => statSync(loginFile(env)!)).toThrow();
  });

  it("treats a corrupt file as empty and never reads without HOME", () => {
    const env = tempHome();
    mkdirSync(join(env.HOME, ".sentry"));
    writeFileSync(join(env.HOME, ".sentry", "mcp.json"), "not json");
    expect(readLogin("https://sentry.io", env)).toBeUndefined();
    saveLogin("https://sentry.io", login("a"), env);
    expect(readLogin("https://sentry.io", env)?.accessToken).toBe("a");
    expect(readLogin("https://sentry.io", {})).toBeUndefined();
  });

  it("knows when a token has expired (with a minute's margin)", () => {
    const now = Date.parse("2026-11-01T12:00:00Z");
    expect(isExpired(login("a"), now)).toBe(false);
    expect(isExpired(login("a", { expiresAt: "2026-11-01T12:00:30Z" }), now)).toBe(true);
    expect(isExpired(login("a", { expiresAt: "2026-11-01T13:00:00Z" }), now)).toBe(false);
  });
});
