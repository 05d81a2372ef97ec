import { emptyAgentSettings } from "./agents/settings.js";
import type { AgentSettings } from "./agents/types.js";
import type { Skill } from "./tools/types.js";

/** The one config object: built once from flags/env in src/cli, passed down everywhere. */
export interface Config {
  /** Sentry user auth token. Never logged, printed or sent anywhere but to Sentry. */
  accessToken?: string;
  /** Origin of the Sentry API, e.g. https://sentry.io. */
  sentryUrl: string;
  organizationSlug?: string;
  projectSlug?: string;
  skills: Skill[];
  readOnly: boolean;
  experimental: boolean;
  sentryDsn?: string;
  /** Max characters in one tool response (lists and long text are cut with a note). */
  responseBudget: number;
  /** Upstream request timeout in milliseconds. */
  timeoutMs: number;
  /** Time a Sentry GET may spend retrying 429/502/503/504 and connection errors (0: never). */
  retryBudgetMs: number;
  /** Where search_docs and get_doc read from. */
  docs: { searchUrl: string; baseUrl: string };
  /** Embedded agent (natural-language search): provider, keys, endpoints. Keys are secrets. */
  agent: AgentSettings;
}

export const DEFAULT_SENTRY_URL = "https://sentry.io";
export const DEFAULT_SKILLS: Skill[] = ["inspect", "seer"];
export const DEFAULT_RESPONSE_BUDGET = 25_000;

export { PACKAGE_NAME, SERVER_NAME, USER_AGENT, VERSION } from "./version.js";

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return {
    sentryUrl: DEFAULT_SENTRY_URL,
    skills: [...DEFAULT_SKILLS],
    readOnly: false,
    experimental: false,
    responseBudget: DEFAULT_RESPONSE_BUDGET,
    timeoutMs: 30_000,
    retryBudgetMs: 10_000,
    docs: { searchUrl: "https://mcp.sentry.dev/api/search", baseUrl: "https://docs.sentry.io" },
    agent: emptyAgentSettings(),
    ...overrides,
  };
}
