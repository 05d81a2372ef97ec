import { z } from "zod";

/** Output schemas shared by the write tools. */

export const actorSchema = z
  .object({
    type: z.enum(["user", "team"]),
    id: z.string(),
    name: z.string().nullable().describe("User name, or team slug"),
  })
  .nullable();

export const issueRefSchema = z.object({
  id: z.string(),
  shortId: z.string().nullable(),
  title: z.string(),
  project: z.string(),
});

/** A project as the write tools report it. */
export const projectStateSchema = z.object({
  slug: z.string(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  teams: z.array(z.string()).describe("Team slugs with access"),
});
