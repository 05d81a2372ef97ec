import type { Hono } from "hono";
import { registerAuthorizeRoutes } from "./authorize.js";
import { registerCallbackRoute } from "./callback.js";
import { registerClientRoutes } from "./endpoints.js";
import { registerMetadataRoutes } from "./metadata.js";
import type { OAuthDeps } from "./pending.js";
import { registerTokenRoute } from "./token.js";

export { revokeGrant } from "./grants.js";
export type { OAuthDeps } from "./pending.js";

/** The OAuth 2.1 authorization server in front of Sentry's OAuth. */
export function registerOAuthRoutes(app: Hono, deps: OAuthDeps): void {
  registerMetadataRoutes(app, deps);
  registerClientRoutes(app, deps);
  registerAuthorizeRoutes(app, deps);
  registerCallbackRoute(app, deps);
  registerTokenRoute(app, deps);
}
