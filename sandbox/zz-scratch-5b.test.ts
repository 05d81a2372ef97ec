import { it } from "vitest";
import { stable, startTestSandbox, toolCaller } from "../test/harness.js";
it("dump", async () => {
  const sb = await startTestSandbox();
  const t = toolCaller(sb);
  const show = async (name: string, args: Record<string, unknown>) => {
    const r = await t.call(name, args);
    console.log(`==== ${name} ${JSON.stringify(args)}\n` + stable(r.content.map((c: any) => c.text).join("\n"), sb) + (r.structuredContent ? "" : ""));
  };
  await show("get_replay_details", { organizationSlug: "acme", replayId: "3c7a8e2f-9d1b-4a60-b5e4-c3d2a1f0e9d8" });
  await show("get_replay_details", { replayUrl: `${sb.url}/organizations/acme/replays/8b2e4d6f1a3c5e7f9b0d2f4a6c8e0a1b/` });
  await show("get_profile", { organizationSlug: "acme", projectSlugOrId: "backend", transactionName: "GET /api/v2/orders/", period: "24h", compareAgainstPeriod: "7d" });
  await show("get_profile_details", { organizationSlug: "acme", projectSlugOrId: "backend", profileId: "40415cc01bf15d792c971ef6cd24d5c3" });
  await show("get_profile_details", { organizationSlug: "acme", projectSlugOrId: "mobile-app", profileId: "9d4352ab3a49d85b1dc877c1f697e576" });
  await show("search_ai_conversations", { organizationSlug: "acme" });
  await show("get_ai_conversation_details", { organizationSlug: "acme", conversationId: "conv_68f2a9d1c3b74e0a9f51d2e3" });
  await sb.close();
});
