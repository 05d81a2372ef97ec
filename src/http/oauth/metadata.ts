/** Discovery metadata: RFC 8414 (root and path-scoped) and RFC 9728 protected resources. */
import type { Context, Hono } from "hono";
import { SKILLS } from "../../tools/types.js";
import { baseUrlOf, isSlug, type PathPins, resourceUrl } from "../urls.js";
import type { OAuthDeps } from "./pending.js";

export const SCOPES = SKILLS.filter((s) => s !== "docs");
export const AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"];
const PIN_SUFFIXES = ["/mcp", "/mcp/:org", "/mcp/:org/:project"];

function pinsOf(c: Context): PathPins | null {
  const pins = { organizationSlug: c.req.param("org"), projectSlug: c.req.param("project") };
  const bad = [pins.organizationSlug, pins.projectSlug].some((s) => s !== undefined && !isSlug(s));
  return bad ? null : pins;
}

/** The query string of the request, kept when naming the resource (RFC 9728 round trip). */
const searchOf = (c: Context) => new URL(c.req.url).search;

function serverMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    code_challenge_methods_supported: ["S256"],
    scopes_supported: SCOPES,
    client_id_metadata_document_supported: true,
  };
}

export function registerMetadataRoutes(app: Hono, deps: OAuthDeps): void {
  // RFC 9207: our authorization responses carry `iss` = this issuer.
  app.get("/.well-known/oauth-authorization-server", (c) =>
    c.json({
      ...serverMetadata(baseUrlOf(c, deps.publicUrl)),
      authorization_response_iss_parameter_supported: true,
    }),
  );

  // Some clients look for the authorization server under the MCP endpoint's path first. The
  // issuer then names that path (RFC 8414 §3.3), and the authorization endpoint carries the
  // resource. `iss` support is not advertised here: our responses carry the root issuer, and
  // clients that check `iss` (Codex) would refuse a mismatch.
  for (const suffix of PIN_SUFFIXES) {
    app.get(`/.well-known/oauth-authorization-server${suffix}`, (c) => {
      const pins = pinsOf(c);
      if (!pins) return c.json({ error: "not_found" }, 404);
      const base = baseUrlOf(c, deps.publicUrl);
      const resource = `${resourceUrl(base, pins)}${searchOf(c)}`;
      const authorize = new URL(`${base}/oauth/authorize`);
      authorize.searchParams.set("resource", resource);
      return c.json({
        ...serverMetadata(base),
        issuer: resourceUrl(base, pins),
        authorization_endpoint: authorize.toString(),
      });
    });
  }

  // The root document describes /mcp; path-specific ones describe a pinned endpoint, with the
  // resource's query string kept as the client sent it.
  for (const suffix of ["", ...PIN_SUFFIXES]) {
    app.get(`/.well-known/oauth-protected-resource${suffix}`, (c) => {
      const pins = pinsOf(c);
      if (!pins) return c.json({ error: "not_found" }, 404);
      const base = baseUrlOf(c, deps.publicUrl);
      return c.json({
        resource: `${resourceUrl(base, pins)}${searchOf(c)}`,
        authorization_servers: [base],
        scopes_supported: SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Sentry MCP",
      });
    });
  }
}
