/** Embedded agents: natural-language search and repair for the search tools. */
export { type ExecutedSearch, withExecutedSearch } from "./executed.js";
export { hasAgentProvider, runSearch, type SearchPlan, type SearchRun } from "./flow.js";
export { explicitKeys, naturalLanguageQuery } from "./params.js";
export { createProviderRunner } from "./providers.js";
export type { RequestKey, SearchKind, SearchRequest } from "./request.js";
export { createSamplingRunner } from "./sampling.js";
export { type AgentForCall, sessionAgent } from "./session.js";
export { agentSecrets, emptyAgentSettings, resolveAgentSettings } from "./settings.js";
export type { AgentRunner, AgentSettings } from "./types.js";
