/**
 * The runner a tool call gets: the configured key provider, else the client's own model when
 * the client advertised `sampling` (and the operator did not pick `none`), else nothing (rules).
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { createProviderRunner } from "./providers.js";
import { createSamplingRunner } from "./sampling.js";
import type { AgentRunner, AgentSettings } from "./types.js";

export type AgentForCall = (server: Server, requestId?: RequestId) => AgentRunner | undefined;

export function sessionAgent(settings: AgentSettings | undefined): AgentForCall {
  const provider = settings?.selection ? createProviderRunner(settings.selection) : undefined;
  const samplingAllowed = settings?.provider !== "none";
  return (server, requestId) => {
    if (provider) return provider;
    if (!samplingAllowed || !server.getClientCapabilities()?.sampling) return undefined;
    return createSamplingRunner({ server, relatedRequestId: requestId });
  };
}
