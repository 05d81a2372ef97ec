/**
 * Helpers for the remote service's OAuth tests: an in-memory OAuthClientProvider for the SDK
 * client, a scripted "browser" that clicks through consent and the sandbox login with real HTTP
 * requests and cookies, and a throwaway redis-server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { SANDBOX_LOGIN } from "../sandbox/data/oauth.js";

export class MemoryOAuthProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  lastAuthorizationUrl?: URL;
  constructor(
    readonly redirectUrl: string,
    private readonly name = "Test client",
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    return randomBytes(8).toString("hex");
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.lastAuthorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A tiny cookie jar keyed by host. */
class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  store(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const jar = this.cookies.get(url.host) ?? new Map<string, string>();
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
      this.cookies.set(url.host, jar);
    }
  }
  header(url: URL): string {
    return [...(this.cookies.get(url.host) ?? new Map()).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  }
}

export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]] = m[2]
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"');
  }
  return out;
}

export interface BrowserRun {
  /** Where the flow ended: the client's redirect URI with code/state/iss or an error. */
  final: URL;
  consentHtml: string;
  consentStatus: number;
}

/**
 * Follows an authorization URL like a user would: the consent page (choose skills, approve), the
 * sandbox login (approve), the callback, up to the client's redirect URI (not fetched).
 */
export async function clickThrough(
  authorizationUrl: URL,
  options: { skills?: string[]; deny?: boolean; redirectPrefix: string; dropCookies?: boolean },
): Promise<BrowserRun> {
  const jar = new Jar();
  const go = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header(url);
    if (cookie && !options.dropCookies) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    jar.store(url, response);
    return response;
  };
  const consent = await go(authorizationUrl);
  const consentHtml = await consent.text();
  if (consent.status !== 200) {
    const location = consent.headers.get("location");
    return {
      final: new URL(location ?? authorizationUrl),
      consentHtml,
      consentStatus: consent.status,
    };
  }
  const fields = hiddenInputs(consentHtml);
  const form = new URLSearchParams({
    request: fields.request,
    csrf: fields.csrf,
    action: options.deny ? "deny" : "approve",
  });
  const skills =
    options.skills ??
    [...consentHtml.matchAll(/name="skill" value="([^"]+)" checked/g)].map((m) => m[1]);
  for (const s of skills) form.append("skill", s);
  const origin = authorizationUrl.origin;
  let response = await go(new URL("/oauth/authorize", origin), {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
  });
  let location = response.headers.get("location");
  if (!location)
    throw new Error(`consent POST answered ${response.status}: ${await response.text()}`);
  let next = new URL(location, origin);
  if (next.href.startsWith(options.redirectPrefix))
    return { final: next, consentHtml, consentStatus: 200 };
  // The sandbox's Sentry login page.
  const login = await go(next);
  const loginFields = hiddenInputs(await login.text());
  response = await go(new URL("/oauth/authorize/", next.origin), {
    method: "POST",
    body: new URLSearchParams({
      ...loginFields,
      email: SANDBOX_LOGIN.email,
      password: SANDBOX_LOGIN.password,
      op: "approve",
    }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  location = response.headers.get("location");
  if (!location) throw new Error(`sandbox login answered ${response.status}`);
  next = new URL(location, next.origin);
  // Our callback.
  response = await go(next);
  location = response.headers.get("location");
  if (!location) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return { final: new URL(location, next.origin), consentHtml, consentStatus: 200 };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * A private redis-server (the program at `command`, see test/services.ts) on a random port,
 * without persistence; `stop()` kills it.
 */
export async function startRedis(command: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    command,
    [
      "--port",
      String(port),
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "no",
      "--bind",
      "127.0.0.1",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start")), 10_000);
    child.once("error", reject);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (/Ready to accept connections/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
