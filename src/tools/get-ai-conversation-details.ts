import getAgentConversationDetails from "./get-agent-conversation-details.js";
import { aliasOf } from "./support/alias.js";

/** The incumbent's old name, kept callable: same parameters, same handler. */
export default aliasOf(
  getAgentConversationDetails,
  "get_ai_conversation_details",
  "Get AI Conversation Details",
);
