import { z } from "zod";

/** The incumbent's flag: show how the query was translated (the `## Executed search` section). */
export const includeExplanation = z
  .boolean()
  .default(false)
  .describe("Always show the executed search");
