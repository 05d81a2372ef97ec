import { z } from "zod";
import { getCurrentUser } from "../sentry-api/organizations.js";
import { defineTool, structuredResult } from "./define.js";

const output = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
});

export default defineTool({
  name: "whoami",
  title: "Who Am I",
  description: "Who the access token belongs to.",
  inputSchema: {},
  outputSchema: output,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  skills: [],
  requiredScopes: [],
  async handler(_params, ctx) {
    const user = await getCurrentUser(ctx.client, ctx.signal);
    return structuredResult({
      id: user.id,
      name: user.name ?? undefined,
      email: user.email ?? undefined,
      username: user.username && user.username !== user.email ? user.username : undefined,
    });
  },
});
