import { z } from "zod";

/** The incumbent's flag: show how the query was translated (the `## Executed search` section). */
export const includeExplanation = z
  .boolean()
  .default(false)
  .describe("Show the query as executed and why, even when nothing was translated");
