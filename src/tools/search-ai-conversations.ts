import searchAgentConversations from "./search-agent-conversations.js";
import { aliasOf } from "./support/alias.js";

/** The incumbent's old name, kept callable: same parameters, same handler. */
export default aliasOf(
  searchAgentConversations,
  "search_ai_conversations",
  "Search AI Conversations",
);
