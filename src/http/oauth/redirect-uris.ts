/**
 * Which redirect URIs a client may register (RFC 8252 for native apps, RFC 9700 for the rest):
 * https anywhere; http on loopback only (any port at authorization time, §7.3); private-use
 * URI schemes of native apps (§7.1, e.g. `cursor://anysphere.cursor-mcp/oauth/callback`).
 * Schemes a browser would run or read locally are refused.
 */

export class RedirectUriError extends Error {}

export const MAX_REDIRECT_URI_LENGTH = 512;
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** Schemes that execute, read local data or are not redirect targets. */
const REFUSED_SCHEMES = new Set([
  "javascript:",
  "data:",
  "file:",
  "vbscript:",
  "about:",
  "blob:",
  "filesystem:",
  "view-source:",
  "ws:",
  "wss:",
  "ftp:",
  "mailto:",
  "tel:",
  "chrome:",
  "chrome-extension:",
  "moz-extension:",
  "intent:",
]);

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK.has(url.hostname);
}

/** True for a native app's own scheme (not http, https or a refused scheme). */
export function isPrivateUseScheme(url: URL): boolean {
  return (
    url.protocol !== "http:" && url.protocol !== "https:" && !REFUSED_SCHEMES.has(url.protocol)
  );
}

/** The URI when it may be registered; otherwise throws RedirectUriError with the reason. */
export function checkRedirectUri(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_URI_LENGTH) {
    throw new RedirectUriError(
      `Each redirect URI must be a non-empty string of at most ${MAX_REDIRECT_URI_LENGTH} characters.`,
    );
  }
  if (/[\u0000-\u0020\u007f]/.test(value))
    throw new RedirectUriError("Redirect URIs must not contain spaces or control characters.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RedirectUriError("Redirect URIs must be absolute URLs.");
  }
  if (value.includes("#")) throw new RedirectUriError("Redirect URIs must not contain a fragment.");
  if (url.username || url.password)
    throw new RedirectUriError("Redirect URIs must not contain credentials.");
  if (url.protocol === "https:" || isLoopbackHttp(url)) return value;
  if (isPrivateUseScheme(url) && /^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) return value;
  throw new RedirectUriError(
    "Redirect URIs must use https, http on a loopback address (127.0.0.1, [::1], localhost), or a native app's own scheme.",
  );
}

/**
 * The registered URI a request's redirect_uri matches: exact, or for loopback http any port
 * (RFC 8252 §7.3: native apps pick an ephemeral port).
 */
export function matchRegisteredUri(
  registered: readonly string[],
  requested: string | undefined,
): string | null {
  if (requested === undefined) return registered.length === 1 ? registered[0] : null;
  if (registered.includes(requested)) return requested;
  let want: URL;
  try {
    want = new URL(requested);
  } catch {
    return null;
  }
  if (!isLoopbackHttp(want) || requested.includes("#") || want.username || want.password)
    return null;
  for (const uri of registered) {
    const have = new URL(uri);
    if (
      isLoopbackHttp(have) &&
      have.hostname === want.hostname &&
      have.pathname === want.pathname &&
      have.search === want.search
    ) {
      return requested;
    }
  }
  return null;
}

/** What a consent page's CSP form-action must allow for a redirect: an origin or a scheme. */
export function formTarget(uri: string): string {
  try {
    const url = new URL(uri);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
  } catch {
    return "";
  }
}
