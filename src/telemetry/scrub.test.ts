import { describe, expect, it } from "vitest";
import { addSecret, redact } from "../log.js";
import {
  argumentAttributes,
  REDACTED,
  safeName,
  scrubAttributes,
  scrubBreadcrumb,
  scrubEvent,
  scrubLog,
  scrubString,
} from "./scrub.js";

const TOKEN = "plain-configured-token-5d1e";
const LLM = "sk-ant-api03-abcdefghijklmnop";
const SENTRY_USER = "sntryu_0123456789abcdef0123456789abcdef";
const SENTRY_ORG = "sntrys_eyJpYXQiOjE3MDAwMDAwMDB9_abcdef";

addSecret(TOKEN);

describe("redact (src/log.ts)", () => {
  it("removes token shapes and registered secrets", () => {
    const text = `a ${TOKEN} b ${LLM} c ${SENTRY_USER} d ${SENTRY_ORG} e Bearer xyz123 f Sentry-Bearer abc456 g sk-proj-AAAAAAAAAAAA`;
    const out = redact(text);
    for (const secret of [
      TOKEN,
      LLM,
      SENTRY_USER,
      SENTRY_ORG,
      "xyz123",
      "abc456",
      "sk-proj-AAAAAAAAAAAA",
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("Bearer [redacted]");
  });

  it("removes OAuth values from query strings and credential fields from JSON", () => {
    expect(redact("/oauth/callback?code=abc123&state=s1&client_secret=shh")).toBe(
      "/oauth/callback?code=[redacted]&state=s1&client_secret=[redacted]",
    );
    expect(redact("grant_type=refresh_token&refresh_token=rt-1")).toBe(
      "grant_type=refresh_token&refresh_token=[redacted]",
    );
    expect(redact('{"cookie":"sid=1","client_secret":"x\\"y","ok":"fine"}')).toBe(
      '{"cookie":"[redacted]","client_secret":"[redacted]","ok":"fine"}',
    );
    expect(redact("error_code=E42")).toBe("error_code=E42");
  });

  it("removes legacy 64-hex Sentry tokens", () => {
    expect(redact(`t=${"a".repeat(64)}`)).toBe("t=[redacted]");
  });

  it("ignores short or empty secrets", () => {
    addSecret("");
    addSecret("abc");
    expect(redact("abc def")).toBe("abc def");
  });
});

describe("scrubString", () => {
  it("finds secrets in URL-encoded text", () => {
    expect(scrubString("?query=Sentry-Bearer+abc123+x")).toBe("?query=Sentry-Bearer [redacted] x");
    expect(scrubString(`?q=${encodeURIComponent(`a ${TOKEN}`)}`)).toBe("?q=a%20[redacted]");
    addSecret("odd/secret+value=");
    const encoded = `?q=${encodeURIComponent("odd/secret+value=")}`;
    expect(encoded).not.toContain("odd/secret");
    expect(scrubString(encoded)).toBe("?q=[redacted]");
    expect(scrubString("?q=plain%20text+here")).toBe("?q=plain%20text+here");
    expect(scrubString("100%")).toBe("100%");
  });
});

describe("scrubEvent", () => {
  it("removes credentials from headers, extra data, messages and nested values", () => {
    const event = {
      event_id: "0123456789abcdef0123456789abcdef",
      message: `failed with ${TOKEN}`,
      exception: { values: [{ type: "Error", value: `boom ${LLM}` }] },
      request: {
        url: "http://127.0.0.1/oauth/callback?code=abc&state=xyz",
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          Cookie: "sid=1",
          "User-Agent": "claude-code/1.0",
        },
        query_string: { code: "oauth-code", state: "st", page: "2" },
      },
      extra: {
        nested: { deeper: [{ refresh_token: "rt", note: `Sentry-Bearer ${SENTRY_USER}` }] },
      },
      contexts: { node_system_error: { code: "ECONNREFUSED" } },
    };
    const out = scrubEvent(event);
    const json = JSON.stringify(out);
    for (const secret of [TOKEN, LLM, SENTRY_USER, "oauth-code", "sid=1", '"rt"'])
      expect(json).not.toContain(secret);
    expect(out.request.headers.Authorization).toBe(REDACTED);
    expect(out.request.headers.Cookie).toBe(REDACTED);
    expect(out.request.headers["User-Agent"]).toBe("claude-code/1.0");
    expect(out.request.query_string).toEqual({ code: REDACTED, state: REDACTED, page: "2" });
    expect(out.contexts.node_system_error.code).toBe("ECONNREFUSED");
    expect(out.event_id).toBe(event.event_id);
    // the input is not mutated
    expect(event.request.headers.Authorization).toContain(TOKEN);
  });

  it("scrubs breadcrumbs, including OAuth codes in their data", () => {
    const crumb = scrubBreadcrumb({
      message: `GET with ${TOKEN}`,
      data: { url: "https://x/callback?code=c0de", code: "c0de", status_code: 200 },
    });
    expect(JSON.stringify(crumb)).not.toContain(TOKEN);
    expect(JSON.stringify(crumb)).not.toContain("c0de");
    expect(crumb.data?.status_code).toBe(200);
  });

  it("scrubs Sentry logs", () => {
    const log = scrubLog({
      level: "info",
      message: `hello ${TOKEN}`,
      attributes: { authorization: "x", n: 1 },
    });
    expect(log).toEqual({
      level: "info",
      message: "hello [redacted]",
      attributes: { authorization: REDACTED, n: 1 },
    });
  });
});

describe("span attributes", () => {
  it("scrubs, truncates and drops empty values", () => {
    const attrs = scrubAttributes({
      "mcp.request.argument.token": "abc",
      "user_agent.original": `ua ${TOKEN}`,
      "gen_ai.usage.input_tokens": 12,
      long: "x".repeat(1000),
      empty: undefined,
      list: ["a", 1, { no: true }],
    });
    expect(attrs["mcp.request.argument.token"]).toBe(REDACTED);
    expect(attrs["user_agent.original"]).toBe("ua [redacted]");
    expect(attrs["gen_ai.usage.input_tokens"]).toBe(12);
    expect((attrs.long as string).length).toBe(256);
    expect("empty" in attrs).toBe(false);
    expect(attrs.list).toEqual(["a", "1"]);
  });

  it("turns tool arguments into mcp.request.argument.<key>", () => {
    const attrs = argumentAttributes({
      organizationSlug: "acme",
      limit: 10,
      query: `is:unresolved ${LLM}`,
      apiKey: "k",
      arguments: { query: "x", password: "p", note: `Bearer ${TOKEN}` },
      "we ird": true,
      skipped: undefined,
    });
    expect(attrs).toEqual({
      "mcp.request.argument.organizationSlug": "acme",
      "mcp.request.argument.limit": "10",
      "mcp.request.argument.query": "is:unresolved [redacted]",
      "mcp.request.argument.apiKey": REDACTED,
      "mcp.request.argument.arguments":
        '{"query":"x","password":"[redacted]","note":"Bearer [redacted]"}',
      "mcp.request.argument.we_ird": "true",
    });
    expect(argumentAttributes(undefined)).toEqual({});
    expect(argumentAttributes(["a"])).toEqual({});
  });

  it("keeps client-controlled span names bounded", () => {
    expect(safeName("find_issues")).toBe("find_issues");
    expect(safeName("a b\nc")).toBe("a_b_c");
    expect(safeName("x".repeat(100))).toHaveLength(64);
    expect(safeName("")).toBe("unknown");
  });
});
