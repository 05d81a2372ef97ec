import { parseArgs } from "node:util";
import { resolveAgentSettings } from "../agents/settings.js";
import { parseSkills } from "../catalog/skills.js";
import {
  type Config,
  DEFAULT_RESPONSE_BUDGET,
  DEFAULT_SENTRY_URL,
  defaultConfig,
} from "../config.js";
import { UserInputError } from "../errors.js";
import { isSentrySaas } from "../sentry-api/client.js";
import { SKILLS, type Skill } from "../tools/types.js";
import { readLogin } from "./token-cache.js";

export type Command =
  | "stdio"
  | "serve"
  | "sandbox"
  | "help"
  | "version"
  | "auth"
  | "tools"
  | "call";

/** `auth`, `tools` and `call`: the words after the command and their own flags. */
export interface TerminalFlags {
  /** e.g. ["login"] for auth, ["get_issue_details", "issueId=BACKEND-1"] for call */
  args: string[];
  /** --json: machine-readable output */
  json: boolean;
  /** --args '{...}': call arguments as one JSON object */
  argsJson?: string;
  /** --client-id: the OAuth application for `auth login` [SENTRY_CLIENT_ID] */
  clientId?: string;
}

/** Commands that talk to Sentry with a token (a saved login stands in for a missing one). */
const TOKEN_COMMANDS: readonly Command[] = ["stdio", "tools", "call"];

export interface CliOptions {
  command: Command;
  config: Config;
  /** Run against the embedded sandbox instead of a real Sentry. */
  demo: boolean;
  port?: number;
  bind: string;
  /** `serve` only: the remote service's deployment flags. */
  serve?: ServeFlags;
  /** `auth`, `tools`, `call` only. */
  terminal?: TerminalFlags;
  /** The token is the saved one from `sentry-mcp auth login` (renewed in main if expired). */
  savedLogin?: boolean;
}

/** Flags of the remote service (`serve`); secrets come from the environment only. */
export interface ServeFlags {
  publicUrl?: string;
  store?: string;
  encryptionKey?: string;
  trustProxy: boolean;
  rateLimitIp?: number;
  rateLimitUser?: number;
  /** SENTRY_CLIENT_ID / SENTRY_CLIENT_SECRET: the upstream Sentry OAuth application. */
  oauthClientId?: string;
  oauthClientSecret?: string;
  metricsToken?: string;
  /** --max-body-mcp / --max-body-oauth: request body limits in bytes. */
  maxBodyMcp?: number;
  maxBodyOauth?: number;
  /** --insecure-public-url: allow an http:// --public-url on a non-loopback host. */
  insecurePublicUrl: boolean;
  /** --demo-oauth: the embedded sandbox also plays Sentry's OAuth server. */
  demoOAuth: boolean;
}

const OPTIONS = {
  "access-token": { type: "string" },
  host: { type: "string" },
  url: { type: "string" },
  "insecure-http": { type: "boolean" },
  "organization-slug": { type: "string" },
  "project-slug": { type: "string" },
  skills: { type: "string" },
  "all-skills": { type: "boolean" },
  "disable-skills": { type: "string" },
  "read-only": { type: "boolean" },
  experimental: { type: "boolean" },
  "sentry-dsn": { type: "string" },
  "response-budget": { type: "string" },
  "docs-search-url": { type: "string" },
  "docs-url": { type: "string" },
  "mcp-url": { type: "string" },
  "agent-provider": { type: "string" },
  "openai-base-url": { type: "string" },
  "openai-model": { type: "string" },
  "anthropic-base-url": { type: "string" },
  "anthropic-model": { type: "string" },
  demo: { type: "boolean" },
  port: { type: "string" },
  bind: { type: "string" },
  "public-url": { type: "string" },
  store: { type: "string" },
  "encryption-key": { type: "string" },
  "trust-proxy": { type: "boolean" },
  "rate-limit-ip": { type: "string" },
  "rate-limit-user": { type: "string" },
  "max-body-mcp": { type: "string" },
  "max-body-oauth": { type: "string" },
  "insecure-public-url": { type: "boolean" },
  "demo-oauth": { type: "boolean" },
  "client-id": { type: "string" },
  json: { type: "boolean" },
  args: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

export const HELP = `sentry-mcp: a Model Context Protocol server for Sentry

Usage:
  sentry-mcp [options]            stdio server (for Claude Code, Cursor, VS Code...)
  sentry-mcp serve [options]      Streamable HTTP server on 127.0.0.1 (/mcp)
  sentry-mcp sandbox [--port N]   a local fake Sentry with demo data
  sentry-mcp auth login|logout|status
                                  log in to sentry.io in a browser; the token is saved in
                                  ~/.sentry/mcp.json [SENTRY_MCP_AUTH_CACHE] (shared with
                                  @sentry/mcp-server) and used when no token is given
  sentry-mcp tools                the session's tools (direct or catalog, skills, read/write)
  sentry-mcp call TOOL key=value...
                                  run one tool and print its answer (--json: the raw result;
                                  --args='{"k":1}' for JSON arguments); try it with --demo

Options (environment variable in brackets; flags win):
  --access-token=TOKEN       Sentry user auth token [SENTRY_ACCESS_TOKEN]
  --host=HOST[:PORT]         Sentry host, default sentry.io [SENTRY_HOST]
  --url=URL                  Sentry base URL, alternative to --host [SENTRY_URL]
  --insecure-http            use http:// (not allowed for sentry.io)
  --organization-slug=SLUG   pin the session to one organization (flag only)
  --project-slug=SLUG        pin the session to one project (flag only)
  --skills=a,b               skills to grant: ${SKILLS.join(", ")} [MCP_SKILLS]
                             default: inspect,seer (read-only)
  --all-skills               grant every skill
  --disable-skills=a,b       remove skills [MCP_DISABLE_SKILLS]
  --read-only                never list or run a tool that writes [MCP_READ_ONLY=1]
  --experimental             enable experimental tools [MCP_EXPERIMENTAL=1]
  --sentry-dsn=DSN           report this server's own errors to Sentry [SENTRY_DSN]
  --response-budget=N        max characters per tool response, default ${DEFAULT_RESPONSE_BUDGET} [MCP_RESPONSE_BUDGET]
  --docs-search-url=URL      docs search service for search_docs [MCP_DOCS_SEARCH_URL]
  --docs-url=URL             docs site for get_doc, default https://docs.sentry.io [MCP_DOCS_URL]
  --mcp-url=URL              base URL of a Sentry MCP service; search_docs uses its /api/search,
                             default https://mcp.sentry.dev [MCP_URL]
  --agent-provider=NAME      LLM for natural-language search: openai, azure-openai, anthropic,
                             openrouter, client (MCP sampling) or none [EMBEDDED_AGENT_PROVIDER]
                             default: the one API key set (OPENAI_API_KEY, ANTHROPIC_API_KEY,
                             OPENROUTER_API_KEY, AZURE_OPENAI_API_KEY), else client sampling
                             OPENROUTER_REASONING_EFFORT: none, minimal, low, medium, high or xhigh
  --openai-base-url=URL      OpenAI-compatible or Azure endpoint [OPENAI_BASE_URL]
  --openai-model=MODEL       default gpt-5-mini [OPENAI_MODEL]
  --anthropic-base-url=URL   [ANTHROPIC_BASE_URL]
  --anthropic-model=MODEL    default claude-haiku-4-5 [ANTHROPIC_MODEL]
  --demo                     use the embedded sandbox (no token needed)
  --port=N, --bind=ADDR      serve/sandbox listen address (default 127.0.0.1)
  --client-id=ID             auth login: a public OAuth application's id [SENTRY_CLIENT_ID]

serve (remote service) options:
  --public-url=URL           external origin behind a proxy: allowed Host, OAuth URLs [MCP_PUBLIC_URL]
  --store=URL                redis://host:6379 (several instances), sqlite:PATH or :memory: [MCP_STORE]
  --encryption-key=KEY       32-byte key (base64/hex) for Sentry tokens at rest [MCP_ENCRYPTION_KEY]
  --trust-proxy              client IP from the last X-Forwarded-For hop [MCP_TRUST_PROXY=1]
  --rate-limit-ip=N          requests per minute per client IP, 0 = off (default 600) [MCP_RATE_LIMIT_IP]
  --rate-limit-user=N        /mcp requests per minute per user, 0 = off (default 300) [MCP_RATE_LIMIT_USER]
  --max-body-mcp=SIZE        largest /mcp request body (default 1m) [MCP_MAX_BODY_MCP]
  --max-body-oauth=SIZE      largest OAuth request body (default 16k) [MCP_MAX_BODY_OAUTH]
  --insecure-public-url      allow an http:// --public-url on a non-loopback host
  --demo-oauth               --demo with OAuth: the sandbox plays Sentry's login
  OAuth: SENTRY_CLIENT_ID, SENTRY_CLIENT_SECRET (a Sentry OAuth app); MCP_METRICS_TOKEN guards /metrics
  -h, --help                 this help
  -v, --version              print the version
`;

/**
 * --docs-search-url / --docs-url: http(s) URLs without credentials; defaults otherwise.
 * --mcp-url (the incumbent's flag) names a Sentry MCP service whose `/api/search` is the docs
 * search; --docs-search-url wins over it.
 */
function resolveDocs(
  values: { "docs-search-url"?: string; "docs-url"?: string; "mcp-url"?: string },
  env: NodeJS.ProcessEnv,
): Config["docs"] {
  const defaults = defaultConfig().docs;
  const check = (raw: string | undefined, flag: string): string | undefined => {
    if (raw === undefined || raw.trim() === "") return undefined;
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw new UserInputError(`Invalid ${flag} ${JSON.stringify(raw)}: expected an http(s) URL.`);
    }
    if (!["http:", "https:"].includes(url.protocol) || url.username || url.password)
      throw new UserInputError(`Invalid ${flag}: an http(s) URL without credentials.`);
    return url.href.replace(/\/+$/, "");
  };
  const mcpUrl = check(values["mcp-url"] ?? env.MCP_URL, "--mcp-url");
  return {
    searchUrl:
      check(values["docs-search-url"] ?? env.MCP_DOCS_SEARCH_URL, "--docs-search-url") ??
      (mcpUrl ? new URL("/api/search", mcpUrl).href : undefined) ??
      defaults.searchUrl,
    baseUrl: check(values["docs-url"] ?? env.MCP_DOCS_URL, "--docs-url") ?? defaults.baseUrl,
  };
}

function truthy(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

/** Turns --host / --url into an origin, refusing plain http for sentry.io. */
export function resolveSentryUrl(
  host: string | undefined,
  url: string | undefined,
  insecureHttp: boolean,
): string {
  if (host && url) throw new UserInputError("Pass --host or --url, not both.");
  let parsed: URL;
  try {
    if (url) parsed = new URL(url);
    else if (host) {
      if (/[/@?#\s]/.test(host) || host.includes("://")) {
        throw new UserInputError(
          `--host takes a hostname with an optional port (sentry.example.com:9000), not ${JSON.stringify(host)}.`,
        );
      }
      parsed = new URL(`${insecureHttp ? "http" : "https"}://${host}`);
    } else parsed = new URL(DEFAULT_SENTRY_URL);
  } catch (error) {
    if (error instanceof UserInputError) throw error;
    throw new UserInputError(`Invalid Sentry URL ${JSON.stringify(url ?? host)}.`);
  }
  if (parsed.username || parsed.password)
    throw new UserInputError("The Sentry URL must not contain credentials.");
  if (insecureHttp && isSentrySaas(parsed.hostname)) {
    throw new UserInputError(
      `--insecure-http is not allowed for sentry.io${host || url ? "" : " (the default host)"}; pass --host or --url for a self-hosted Sentry, or drop --insecure-http.`,
    );
  }
  if (parsed.protocol === "http:") {
    if (!insecureHttp) throw new UserInputError("http:// URLs need --insecure-http.");
  } else if (parsed.protocol !== "https:") {
    throw new UserInputError(`Unsupported URL scheme ${parsed.protocol}`);
  }
  return parsed.origin;
}

function resolveSkills(values: Record<string, unknown>, env: NodeJS.ProcessEnv): Skill[] {
  let skills: Skill[];
  if (values["all-skills"]) skills = [...SKILLS];
  else if (typeof values.skills === "string") skills = parseSkills(values.skills, "--skills");
  else if (env.MCP_SKILLS) skills = parseSkills(env.MCP_SKILLS, "MCP_SKILLS");
  else skills = defaultConfig().skills;
  const disabled =
    typeof values["disable-skills"] === "string"
      ? parseSkills(values["disable-skills"], "--disable-skills")
      : env.MCP_DISABLE_SKILLS
        ? parseSkills(env.MCP_DISABLE_SKILLS, "MCP_DISABLE_SKILLS")
        : [];
  skills = skills.filter((s) => !disabled.includes(s));
  if (skills.length === 0)
    throw new UserInputError("No skills left after --disable-skills; grant at least one.");
  return skills;
}

/**
 * SENTRY_ORG / SENTRY_PROJECT used to pin the remote service too: refuse to start a `serve`
 * that would silently lose a pin it had before, and say which flag keeps it.
 */
function refuseEnvPins(env: NodeJS.ProcessEnv, org?: string, project?: string): void {
  const lost = [
    ["SENTRY_ORG", env.SENTRY_ORG, org, "--organization-slug"],
    ["SENTRY_PROJECT", env.SENTRY_PROJECT, project, "--project-slug"],
  ].filter(([, value, flag]) => value?.trim() && !flag);
  if (lost.length === 0) return;
  throw new UserInputError(
    `${lost.map(([name]) => name).join(" and ")} no longer pin${lost.length > 1 ? "" : "s"} the service; pass ${lost.map(([, value, , flag]) => `${flag}=${value?.trim()}`).join(" ")} to keep the pin, or unset ${lost.length > 1 ? "them" : "it"}.`,
  );
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UserInputError(`Invalid --port ${JSON.stringify(value)}.`);
  return port;
}

function parseRate(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UserInputError(
      `Invalid ${flag} ${JSON.stringify(value)}: requests per minute, 0 for no limit.`,
    );
  return n;
}

/** A byte count: digits with an optional k or m suffix (1024-based). */
function byteSize(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)([km]?)b?$/i.exec(value);
  const unit = { "": 1, k: 1024, m: 1024 * 1024 }[(m?.[2] ?? "").toLowerCase()] ?? 1;
  const n = m ? Number(m[1]) * unit : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UserInputError(`Invalid ${flag} ${JSON.stringify(value)}: bytes, like 65536 or 1m.`);
  return n;
}

function parseServeFlags(
  values: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
): ServeFlags {
  const str = (flag: string, name: string) => {
    const v = values[flag];
    return (typeof v === "string" ? v : env[name])?.trim() || undefined;
  };
  const oauthClientId = env.SENTRY_CLIENT_ID?.trim() || undefined;
  const oauthClientSecret = env.SENTRY_CLIENT_SECRET?.trim() || undefined;
  if (Boolean(oauthClientId) !== Boolean(oauthClientSecret)) {
    throw new UserInputError("OAuth needs both SENTRY_CLIENT_ID and SENTRY_CLIENT_SECRET.");
  }
  return {
    publicUrl: str("public-url", "MCP_PUBLIC_URL"),
    store: str("store", "MCP_STORE"),
    encryptionKey: str("encryption-key", "MCP_ENCRYPTION_KEY"),
    trustProxy: values["trust-proxy"] === true || truthy(env.MCP_TRUST_PROXY),
    rateLimitIp: parseRate(str("rate-limit-ip", "MCP_RATE_LIMIT_IP"), "--rate-limit-ip"),
    rateLimitUser: parseRate(str("rate-limit-user", "MCP_RATE_LIMIT_USER"), "--rate-limit-user"),
    oauthClientId,
    oauthClientSecret,
    metricsToken: env.MCP_METRICS_TOKEN?.trim() || undefined,
    maxBodyMcp: byteSize(str("max-body-mcp", "MCP_MAX_BODY_MCP"), "--max-body-mcp"),
    maxBodyOauth: byteSize(str("max-body-oauth", "MCP_MAX_BODY_OAUTH"), "--max-body-oauth"),
    insecurePublicUrl: values["insecure-public-url"] === true,
    demoOAuth: values["demo-oauth"] === true,
  };
}

/** argv (without node and script) + env → the typed options. CLI flags win over env. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UserInputError((error as Error).message.split("\n")[0]);
  }
  const { values, positionals } = parsed;
  if (values.help)
    return { command: "help", config: defaultConfig(), demo: false, bind: "127.0.0.1" };
  if (values.version)
    return { command: "version", config: defaultConfig(), demo: false, bind: "127.0.0.1" };
  const command = commandOf(positionals);
  const insecureHttp = values["insecure-http"] ?? false;
  const sentryUrl = resolveSentryUrl(
    values.host ?? (values.url ? undefined : env.SENTRY_HOST),
    values.url ?? (values.host ? undefined : env.SENTRY_URL),
    insecureHttp,
  );
  // Only the flags pin, as with @sentry/mcp-server: sentry-cli users often have SENTRY_ORG set.
  const organizationSlug = values["organization-slug"]?.trim() || undefined;
  const projectSlug = values["project-slug"]?.trim() || undefined;
  if (command === "serve") refuseEnvPins(env, organizationSlug, projectSlug);
  if (projectSlug && !organizationSlug)
    throw new UserInputError("--project-slug needs --organization-slug.");
  const budgetRaw = values["response-budget"] ?? env.MCP_RESPONSE_BUDGET;
  const responseBudget = budgetRaw === undefined ? DEFAULT_RESPONSE_BUDGET : Number(budgetRaw);
  if (!Number.isInteger(responseBudget) || responseBudget < 1000) {
    throw new UserInputError(
      `Invalid response budget ${JSON.stringify(budgetRaw)}: an integer of at least 1000 characters.`,
    );
  }
  const demo = values.demo ?? false;
  const accessToken =
    values["access-token"] ?? env.SENTRY_ACCESS_TOKEN ?? env.SENTRY_AUTH_TOKEN ?? undefined;
  const config = defaultConfig({
    accessToken: accessToken?.trim() || undefined,
    sentryUrl,
    organizationSlug,
    projectSlug,
    skills: resolveSkills(values, env),
    readOnly: values["read-only"] ?? truthy(env.MCP_READ_ONLY),
    experimental: values.experimental ?? truthy(env.MCP_EXPERIMENTAL),
    sentryDsn: values["sentry-dsn"] ?? env.SENTRY_DSN ?? undefined,
    responseBudget,
    docs: resolveDocs(values, env),
    agent: resolveAgentSettings(values, env),
  });
  let savedLogin = false;
  if (TOKEN_COMMANDS.includes(command) && !demo && !config.accessToken) {
    const saved = readLogin(sentryUrl, env);
    if (!saved) {
      throw new UserInputError(
        "No access token. Pass --access-token or set SENTRY_ACCESS_TOKEN, run `sentry-mcp auth login` (sentry.io), or use --demo to try the sandbox.",
      );
    }
    config.accessToken = saved.accessToken;
    savedLogin = true;
  }
  return {
    command,
    config,
    demo: demo || (values["demo-oauth"] ?? false),
    port: parsePort(values.port),
    bind: values.bind ?? "127.0.0.1",
    serve: command === "serve" ? parseServeFlags(values, env) : undefined,
    ...(["auth", "tools", "call"].includes(command)
      ? {
          terminal: {
            args: positionals.slice(1),
            json: values.json ?? false,
            argsJson: values.args,
            clientId: values["client-id"]?.trim() || env.SENTRY_CLIENT_ID?.trim() || undefined,
          },
        }
      : {}),
    ...(savedLogin ? { savedLogin } : {}),
  };
}

const WORD_COMMANDS = ["serve", "sandbox", "stdio", "auth", "tools", "call"];

/** The command from the positional words; `auth` and `call` take words of their own. */
function commandOf(positionals: string[]): Command {
  const [sub, ...rest] = positionals;
  if (sub === undefined) return "stdio";
  const unknown = () =>
    new UserInputError(
      `Unknown command ${JSON.stringify(positionals.join(" "))}. Commands: serve, sandbox, auth, tools, call.`,
    );
  if (!WORD_COMMANDS.includes(sub)) throw unknown();
  if (sub === "auth") {
    if (rest.length !== 1 || !["login", "logout", "status"].includes(rest[0]))
      throw new UserInputError("Usage: sentry-mcp auth login|logout|status");
  } else if (sub === "call") {
    if (rest.length === 0) throw new UserInputError("Usage: sentry-mcp call TOOL key=value ...");
  } else if (rest.length > 0) throw unknown();
  return sub as Command;
}
