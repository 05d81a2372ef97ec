/** Discovery metadata (RFC 9728, RFC 8414), registration (RFC 7591) and revocation (RFC 7009). */
import type { Hono } from "hono";
import { SKILLS } from "../../tools/types.js";
import { baseUrlOf, isSlug, resourceUrl } from "../urls.js";
import {
  authenticateClient,
  RegistrationError,
  registerClient,
  registrationResponse,
} from "./clients.js";
import { findTokenGrant, loadGrant, revokeGrant } from "./grants.js";
import type { OAuthDeps } from "./pending.js";
import { formBody, oauthError } from "./token.js";

const SCOPES = SKILLS.filter((s) => s !== "docs");
const AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"];

export function registerMetadataRoutes(app: Hono, deps: OAuthDeps): void {
  app.get("/.well-known/oauth-authorization-server", (c) => {
    const base = baseUrlOf(c, deps.publicUrl);
    return c.json({
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
      authorization_response_iss_parameter_supported: true,
    });
  });

  // The root document describes /mcp; path-specific ones describe a pinned endpoint.
  for (const suffix of ["", "/mcp", "/mcp/:org", "/mcp/:org/:project"]) {
    app.get(`/.well-known/oauth-protected-resource${suffix}`, (c) => {
      const base = baseUrlOf(c, deps.publicUrl);
      const pins = { organizationSlug: c.req.param("org"), projectSlug: c.req.param("project") };
      if ([pins.organizationSlug, pins.projectSlug].some((s) => s !== undefined && !isSlug(s))) {
        return c.json({ error: "not_found" }, 404);
      }
      return c.json({
        resource: resourceUrl(base, pins),
        authorization_servers: [base],
        scopes_supported: SCOPES,
        bearer_methods_supported: ["header"],
        resource_name: "Sentry MCP",
      });
    });
  }
}

export function registerClientRoutes(app: Hono, deps: OAuthDeps): void {
  app.post("/oauth/register", async (c) => {
    const body = await c.req.json().catch(() => undefined);
    try {
      const { client, secret } = await registerClient(deps.store, body, deps.now());
      return c.json(registrationResponse(client, secret), 201, { "Cache-Control": "no-store" });
    } catch (error) {
      if (error instanceof RegistrationError)
        return c.json({ error: error.code, error_description: error.message }, 400);
      throw error;
    }
  });

  app.post("/oauth/revoke", async (c) => {
    const form = await formBody(c);
    if (!form) return oauthError(c, "invalid_request", "Send application/x-www-form-urlencoded.");
    const client = await authenticateClient(deps.store, c, form);
    if (!client)
      return oauthError(c, "invalid_client", "Unknown client or bad client credentials.", 401);
    const token = form.get("token");
    if (!token) return oauthError(c, "invalid_request", "token is required.");
    const found = await findTokenGrant(deps, token);
    const grant = found ? await loadGrant(deps, found.grantId) : null;
    // RFC 7009 §2.2: unknown tokens and other clients' tokens get the same empty 200.
    if (grant && grant.clientId === client.client_id) await revokeGrant(deps.store, grant.id);
    return c.body(null, 200);
  });
}
