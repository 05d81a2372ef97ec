/**
 * The sandbox's OAuth application and login: it plays Sentry's OAuth server so the remote MCP
 * service can be exercised end to end (`SENTRY_CLIENT_ID` / `SENTRY_CLIENT_SECRET` below).
 */

export const SANDBOX_OAUTH_CLIENT = {
  clientId: "sandbox-oauth-client",
  clientSecret: "sandbox-oauth-secret",
  name: "Sentry MCP (sandbox)",
} as const;

/** The demo login: the seeded current user with this password. */
export const SANDBOX_LOGIN = {
  email: "dana.reyes@acme.example",
  password: "sandbox",
} as const;

/** Lifetime of an access token the sandbox issues, like Sentry's user OAuth tokens (seconds). */
export const SANDBOX_TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

/** Scopes Sentry knows; anything else in a request is rejected like Sentry does. */
export const SANDBOX_SCOPES = [
  "org:read",
  "org:write",
  "project:read",
  "project:write",
  "project:releases",
  "team:read",
  "team:write",
  "event:read",
  "event:write",
  "event:admin",
  "member:read",
  "alerts:read",
  "alerts:write",
] as const;
