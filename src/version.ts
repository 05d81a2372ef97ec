/** Who we are: a leaf module (no imports), so telemetry and the API client need not import config. */
export const SERVER_NAME = "Sentry MCP";
export const PACKAGE_NAME = "sentry-mcp-lite";
export const VERSION = "0.1.0";
export const USER_AGENT = `${PACKAGE_NAME}/${VERSION} (+https://github.com/sentry-mcp-lite)`;
