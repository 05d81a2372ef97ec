import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshSavedToken } from "./auth.js";

const INCUMBENT = {
  "sentry.io:incumbent-client": {
    access_token: "old-token",
    refresh_token: "incumbent-refresh",
    expires_at: "2026-10-01T00:00:00.000Z",
    sentry_host: "sentry.io",
    client_id: "incumbent-client",
    user_email: "jane@example.com",
    scope: "org:read",
  },
};

describe("a login saved by @sentry/mcp-server", () => {
  it("is renewed through its own client and saved under ours; its entry stays as it was", async () => {
    const home = mkdtempSync(join(tmpdir(), "sentry-mcp-auth-unit-"));
    mkdirSync(join(home, ".sentry"), { mode: 0o700 });
    const file = join(home, ".sentry", "mcp.json");
    const original = JSON.stringify(INCUMBENT, null, 2);
    writeFileSync(file, original, { mode: 0o600 });
    const forms: Array<Record<string, string>> = [];
    const fetchImpl = (async (_url: string | URL, init?: RequestInit) => {
      forms.push(Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))));
      return new Response(
        JSON.stringify({
          access_token: "new-token",
          refresh_token: "new-refresh",
          expires_in: 3600,
        }),
        { status: 200 },
      );
    }) as typeof fetch;
    const now = () => Date.parse("2026-11-01T00:00:00Z");
    const token = await freshSavedToken(
      "https://sentry.io",
      { HOME: home },
      { fetch: fetchImpl, now },
    );
    expect(token).toBe("new-token");
    expect(forms).toEqual([
      {
        grant_type: "refresh_token",
        refresh_token: "incumbent-refresh",
        client_id: "incumbent-client",
      },
    ]);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved["sentry.io:incumbent-client"]).toEqual(INCUMBENT["sentry.io:incumbent-client"]);
    expect(saved["sentry.io:sentry-mcp-lite"]).toMatchObject({
      access_token: "new-token",
      refresh_token: "new-refresh",
      client_id: "incumbent-client",
      sentry_host: "sentry.io",
      user_email: "jane@example.com",
    });
    // the next start uses the renewed login without another refresh
    expect(
      await freshSavedToken("https://sentry.io", { HOME: home }, { fetch: fetchImpl, now }),
    ).toBe("new-token");
    expect(forms).toHaveLength(1);
  });
});
