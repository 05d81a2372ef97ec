import { describe, expect, it } from "vitest";
import { parseCli, resolveSentryUrl } from "./args.js";

describe("parseCli", () => {
  it("reads flags and lets them win over env", () => {
    const opts = parseCli(
      ["--access-token=flag", "--host=sentry.example.com:9000", "--skills=inspect,triage"],
      {
        SENTRY_ACCESS_TOKEN: "env",
        MCP_SKILLS: "docs",
      },
    );
    expect(opts.command).toBe("stdio");
    expect(opts.config.accessToken).toBe("flag");
    expect(opts.config.sentryUrl).toBe("https://sentry.example.com:9000");
    expect(opts.config.skills).toEqual(["inspect", "triage"]);
  });

  it("falls back to env", () => {
    const opts = parseCli([], {
      SENTRY_ACCESS_TOKEN: "env",
      SENTRY_HOST: "self.hosted",
      MCP_DISABLE_SKILLS: "seer",
    });
    expect(opts.config.accessToken).toBe("env");
    expect(opts.config.sentryUrl).toBe("https://self.hosted");
    expect(opts.config.skills).toEqual(["inspect"]);
  });

  it("defaults to read-only skills", () => {
    expect(parseCli(["--access-token=t"], {}).config.skills).toEqual(["inspect", "seer"]);
    expect(parseCli(["--access-token=t", "--all-skills"], {}).config.skills).toHaveLength(5);
  });

  it.each([
    [["--nope"], /Unknown option '--nope'/],
    [[], /No access token/],
    [["--access-token=t", "--skills=inspect,flying"], /Unknown skill in --skills: flying/],
    [["--access-token=t", "--host=sentry.io", "--insecure-http"], /not allowed for sentry.io/],
    [["--access-token=t", "--url=http://x.example"], /need --insecure-http/],
    [["--access-token=t", "--project-slug=p"], /needs --organization-slug/],
    [["--access-token=t", "--host=https://x"], /hostname with an optional port/],
    [["bogus"], /Unknown command/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCli(argv as string[], {})).toThrow(message);
  });

  it("reads serve's body limits and the insecure public URL switch", () => {
    const flags = parseCli(["serve", "--demo", "--max-body-mcp=2m", "--insecure-public-url"], {
      MCP_MAX_BODY_OAUTH: "8k",
    }).serve;
    expect(flags).toMatchObject({
      maxBodyMcp: 2097152,
      maxBodyOauth: 8192,
      insecurePublicUrl: true,
    });
    expect(() => parseCli(["serve", "--demo", "--max-body-mcp=lots"], {})).toThrow(
      /Invalid --max-body-mcp/,
    );
  });

  it("serve and demo need no token", () => {
    expect(parseCli(["serve", "--demo"], {}).command).toBe("serve");
    expect(parseCli(["--demo"], {}).demo).toBe(true);
  });

  it("reads the docs endpoints from flags or env, with public defaults", () => {
    expect(parseCli(["--access-token=t"], {}).config.docs).toEqual({
      searchUrl: "https://mcp.sentry.dev/api/search",
      baseUrl: "https://docs.sentry.io",
    });
    const flags = parseCli(
      [
        "--access-token=t",
        "--docs-search-url=http://127.0.0.1:9/api/search",
        "--docs-url=http://127.0.0.1:9/docs/",
      ],
      { MCP_DOCS_URL: "https://ignored.example" },
    );
    expect(flags.config.docs).toEqual({
      searchUrl: "http://127.0.0.1:9/api/search",
      baseUrl: "http://127.0.0.1:9/docs",
    });
    const env = parseCli(["--access-token=t"], { MCP_DOCS_SEARCH_URL: "https://search.example/s" });
    expect(env.config.docs.searchUrl).toBe("https://search.example/s");
    expect(() => parseCli(["--access-token=t", "--docs-url=file:///etc"], {})).toThrow(
      /--docs-url/,
    );
    expect(() => parseCli(["--access-token=t", "--docs-url=https://u:p@x.example"], {})).toThrow(
      /without credentials/,
    );
  });

  it("refuses --insecure-http for sentry.io, given or default", () => {
    expect(() => parseCli(["--access-token=t", "--insecure-http"], {})).toThrow(
      "--insecure-http is not allowed for sentry.io (the default host); pass --host or --url for a self-hosted Sentry, or drop --insecure-http.",
    );
    expect(() =>
      parseCli(["--access-token=t", "--insecure-http"], { SENTRY_HOST: "de.sentry.io" }),
    ).toThrow("--insecure-http is not allowed for sentry.io;");
    expect(() =>
      parseCli(["--access-token=t", "--insecure-http", "--url=https://sentry.io"], {}),
    ).toThrow(/not allowed for sentry.io/);
    expect(
      parseCli(["--access-token=t", "--insecure-http", "--host=127.0.0.1:9"], {}).config.sentryUrl,
    ).toBe("http://127.0.0.1:9");
  });

  it("only the flags pin: SENTRY_ORG / SENTRY_PROJECT are ignored", () => {
    const env = { SENTRY_ORG: "acme", SENTRY_PROJECT: "backend" };
    const opts = parseCli(["--access-token=t"], env);
    expect(opts.config.organizationSlug).toBeUndefined();
    expect(opts.config.projectSlug).toBeUndefined();
    const flags = parseCli(
      ["--access-token=t", "--organization-slug=globex", "--project-slug=web"],
      env,
    );
    expect(flags.config).toMatchObject({ organizationSlug: "globex", projectSlug: "web" });
  });

  it("serve refuses to start when SENTRY_ORG / SENTRY_PROJECT would silently stop pinning it", () => {
    expect(() => parseCli(["serve", "--demo"], { SENTRY_ORG: "acme" })).toThrow(
      "SENTRY_ORG no longer pins the service; pass --organization-slug=acme to keep the pin, or unset it.",
    );
    expect(() =>
      parseCli(["serve", "--demo"], { SENTRY_ORG: "acme", SENTRY_PROJECT: "backend" }),
    ).toThrow(
      "SENTRY_ORG and SENTRY_PROJECT no longer pin the service; pass --organization-slug=acme --project-slug=backend to keep the pin, or unset them.",
    );
    expect(
      parseCli(["serve", "--demo", "--organization-slug=acme"], { SENTRY_ORG: "acme" }).config
        .organizationSlug,
    ).toBe("acme");
  });

  it("--mcp-url / MCP_URL: search_docs uses the service's /api/search", () => {
    expect(
      parseCli(["--access-token=t", "--mcp-url=http://127.0.0.1:9/"], {}).config.docs.searchUrl,
    ).toBe("http://127.0.0.1:9/api/search");
    expect(
      parseCli(["--access-token=t"], { MCP_URL: "https://mcp.example.com" }).config.docs,
    ).toEqual({
      searchUrl: "https://mcp.example.com/api/search",
      baseUrl: "https://docs.sentry.io",
    });
    expect(
      parseCli(
        [
          "--access-token=t",
          "--mcp-url=https://mcp.example.com",
          "--docs-search-url=https://s.example/q",
        ],
        {},
      ).config.docs.searchUrl,
    ).toBe("https://s.example/q");
    expect(() => parseCli(["--access-token=t", "--mcp-url=ftp://x"], {})).toThrow(/--mcp-url/);
  });

  it("builds http origins only with --insecure-http", () => {
    expect(resolveSentryUrl("127.0.0.1:8765", undefined, true)).toBe("http://127.0.0.1:8765");
    expect(resolveSentryUrl(undefined, "https://sentry.example.com/", false)).toBe(
      "https://sentry.example.com",
    );
  });
});
