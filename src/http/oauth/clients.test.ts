import { describe, expect, it } from "vitest";
import { matchRedirectUri, type OAuthClient, validateRedirectUri } from "./clients.js";

const client = (uris: string[]): OAuthClient => ({
  client_id: "c",
  redirect_uris: uris,
  token_endpoint_auth_method: "none",
  grant_types: ["authorization_code"],
  response_types: ["code"],
  client_id_issued_at: 0,
});

describe("validateRedirectUri", () => {
  it.each([
    "https://app.example/cb",
    "http://127.0.0.1:3000/cb",
    "http://localhost/cb",
    "http://[::1]:8080/cb?x=1",
    "cursor://anysphere.cursor-mcp/oauth/callback",
    "com.example.app:/oauth2redirect",
  ])("accepts %s", (uri) => {
    expect(validateRedirectUri(uri)).toBe(uri);
  });
  it.each([
    "http://app.example/cb",
    "http://127.0.0.1.nip.io/cb",
    "https://app.example/cb#x",
    "https://u@app.example/cb",
    "data:text/html,hi",
    "javascript:alert(1)",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "about:blank",
    "cursor://anysphere.cursor-mcp/cb#x",
    "",
  ])("rejects %s", (uri) => {
    expect(() => validateRedirectUri(uri)).toThrow();
  });
});

describe("matchRedirectUri", () => {
  it("matches exactly, or loopback on any port (RFC 8252)", () => {
    const c = client(["https://app.example/cb", "http://127.0.0.1:1000/callback"]);
    expect(matchRedirectUri(c, "https://app.example/cb")).toBe("https://app.example/cb");
    expect(matchRedirectUri(c, "https://app.example/cb2")).toBeNull();
    expect(matchRedirectUri(c, "http://127.0.0.1:5555/callback")).toBe(
      "http://127.0.0.1:5555/callback",
    );
    expect(matchRedirectUri(c, "http://127.0.0.1:5555/other")).toBeNull();
    expect(matchRedirectUri(c, "http://localhost:1000/callback")).toBeNull();
  });
  it("defaults to the only registered URI", () => {
    expect(matchRedirectUri(client(["https://a/cb"]), undefined)).toBe("https://a/cb");
    expect(matchRedirectUri(client(["https://a/cb", "https://b/cb"]), undefined)).toBeNull();
  });
});
