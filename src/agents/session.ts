/**
 * The runner a tool call gets: the configured key provider, else the client's own model when
 * the client advertised `sampling` (and the operator did not pick `none`), else nothing (rules).
 */
import type { ClientCapabilities } from "@modelcontextprotocol/server";
import { createProviderRunner } from "./providers.js";
import { createSamplingRunner, type SamplingChannel } from "./sampling.js";
import type { AgentRunner, AgentSettings } from "./types.js";

/** A tool call's way to the client: what it declared, and how to ask its model. */
export interface CallChannel extends SamplingChannel {
  capabilities: ClientCapabilities | undefined;
}

export type AgentForCall = (channel: CallChannel) => AgentRunner | undefined;

export function sessionAgent(settings: AgentSettings | undefined): AgentForCall {
  const provider = settings?.selection ? createProviderRunner(settings.selection) : undefined;
  const samplingAllowed = settings?.provider !== "none";
  return (channel) => {
    if (provider) return provider;
    if (!samplingAllowed || !channel.capabilities?.sampling) return undefined;
    return createSamplingRunner(channel);
  };
}
