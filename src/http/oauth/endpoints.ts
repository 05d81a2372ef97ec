/** Registration (RFC 7591) and revocation (RFC 7009). */
import type { Hono } from "hono";
import {
  authenticateClient,
  RegistrationError,
  registerClient,
  registrationResponse,
} from "./clients.js";
import { findTokenGrant, loadGrant, revokeGrant } from "./grants.js";
import { documentsOf, type OAuthDeps } from "./pending.js";
import { formBody, oauthError } from "./token.js";

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
    const client = await authenticateClient(deps.store, c, form, documentsOf(deps));
    if (!client)
      return oauthError(c, "invalid_client", "Unknown client or bad client credentials.", 401);
    const token = form.get("token");
    if (!token) return oauthError(c, "invalid_request", "token is required.");
    const found = await findTokenGrant(deps, token);
    const grant = found ? await loadGrant(deps, found.grantId) : null;
    // RFC 7009 §2.2: unknown tokens and other clients' tokens get the same empty 200.
    if (grant && grant.clientId === client.client_id)
      await revokeGrant(deps, grant.id, "revoked by the client");
    return c.body(null, 200);
  });
}
