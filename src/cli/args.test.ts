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

  it("builds http origins only with --insecure-http", () => {
    expect(resolveSentryUrl("127.0.0.1:8765", undefined, true)).toBe("http://127.0.0.1:8765");
    expect(resolveSentryUrl(undefined, "https://sentry.example.com/", false)).toBe(
      "https://sentry.example.com",
    );
  });
});
