/**
 * The `client` provider: with no key, a client that advertises `sampling` answers the repair
 * request with its own model over `sampling/createMessage` (real SDK Client, in memory).
 */
import {
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Sandbox } from "../../sandbox/server.js";
import { connectInMemory, startTestSandbox } from "../../test/harness.js";
import { SYSTEM_PROMPTS } from "./prompts.js";
import { jsonObjects, parseJsonAnswer } from "./sampling.js";
import { emptyAgentSettings } from "./settings.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.requests.length = 0;
});

const issueQueries = () =>
  sandbox.requests
    .filter((r) => r.path === "/api/0/organizations/acme/issues/")
    .map((r) => new URLSearchParams(r.query).get("query"));

type Answer = (request: CreateMessageRequest) => CreateMessageResult | Promise<CreateMessageResult>;

async function connect(answer?: Answer, agent = emptyAgentSettings()) {
  const seen: CreateMessageRequest[] = [];
  const session = await connectInMemory(sandbox, {
    agent,
    ...(answer ? { clientCapabilities: { sampling: {} } } : {}),
  });
  if (answer)
    session.client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      seen.push(request);
      return answer(request);
    });
  const search = async (args: Record<string, unknown>) => {
    const result = await session.client.callTool({ name: "search_issues", arguments: args });
    const text = (result.content as Array<{ text: string }>).map((c) => c.text).join("\n");
    return { isError: result.isError === true, text };
  };
  return { seen, search, close: session.close };
}

const reply = (text: string): CreateMessageResult => ({
  model: "client-model-1",
  role: "assistant",
  content: { type: "text", text },
});

describe("client sampling provider", () => {
  it("asks the client's model, parses its JSON (even fenced) and runs the result", async () => {
    const { seen, search, close } = await connect(() =>
      reply(
        'Here it is:\n```json\n{"query":"is:unresolved assigned:me","sort":"date","period":"24h","explanation":"Issues assigned to the user in the last day."}\n```',
      ),
    );
    const { isError, text } = await search({
      organizationSlug: "acme",
      naturalLanguageQuery: "what is assigned to me since yesterday",
    });
    await close();
    expect(isError).toBe(false);
    expect(issueQueries()).toEqual(["is:unresolved assigned:me"]);
    expect(seen).toHaveLength(1);
    const params = seen[0].params;
    expect(params.systemPrompt?.startsWith(SYSTEM_PROMPTS.issues)).toBe(true);
    expect(params.systemPrompt).toContain('"explanation"');
    expect(params).toMatchObject({ includeContext: "none", temperature: 0, maxTokens: 1500 });
    expect(JSON.stringify(params.messages)).toContain("what is assigned to me since yesterday");
    expect(text).toContain(
      "- **Repaired by**: the client's model through MCP sampling, model `client-model-1`",
    );
    expect(text).toContain("- **Why**: Issues assigned to the user in the last day.");
  });

  it("a refused or failing sampling request is an LLMProviderError result", async () => {
    const { search, close } = await connect(() => {
      throw new Error("User rejected sampling request");
    });
    const result = await search({ organizationSlug: "acme", naturalLanguageQuery: "errors" });
    await close();
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /^Embedded agent provider error: The client's model \(MCP sampling\) failed: .*User rejected sampling request/,
    );
    expect(issueQueries()).toEqual([]);
  });

  it("an answer without usable JSON is an LLMProviderError result", async () => {
    const { search, close } = await connect(() => reply("Sorry, I can't do that."));
    const result = await search({ organizationSlug: "acme", naturalLanguageQuery: "errors" });
    await close();
    expect(result.text).toMatch(/returned no usable search request/);
  });

  it("repairs a rejected query through sampling too", async () => {
    const { seen, search, close } = await connect(() =>
      reply(
        '{"query":"is:unresolved","sort":null,"period":null,"explanation":"Dropped the unknown key."}',
      ),
    );
    const { text } = await search({ organizationSlug: "acme", query: "is:unresolved nope:1" });
    await close();
    expect(issueQueries()).toEqual(["is:unresolved nope:1", "is:unresolved"]);
    expect(JSON.stringify(seen[0].params.messages)).toContain("not a valid search key");
    expect(text).toContain("- **Sentry rejected**: query `is:unresolved nope:1`");
  });

  it("no sampling capability and no key: rules; `none` turns sampling off", async () => {
    const plain = await connect();
    const { text } = await plain.search({
      organizationSlug: "acme",
      naturalLanguageQuery: "resolved",
    });
    await plain.close();
    expect(text).toContain("built-in rules");
    const off = await connect(() => reply("{}"), { ...emptyAgentSettings(), provider: "none" });
    const result = await off.search({ organizationSlug: "acme", naturalLanguageQuery: "resolved" });
    await off.close();
    expect(off.seen).toHaveLength(0);
    expect(result.text).toContain("built-in rules");
    expect(issueQueries()).toEqual(["is:resolved", "is:resolved"]);
  });
});

describe("JSON answers", () => {
  it("finds balanced objects, ignoring braces inside strings", () => {
    expect(jsonObjects('a {"x":"}{"} b {"y":{"z":1}}')).toEqual(['{"x":"}{"}', '{"y":{"z":1}}']);
    const schema = z.object({ y: z.object({ z: z.number() }) });
    expect(parseJsonAnswer('{"x":1} then {"y":{"z":1}}', schema)).toEqual({ y: { z: 1 } });
    expect(parseJsonAnswer("{not json}", schema)).toBeUndefined();
  });
});
