import { z } from "zod";
import type { Issue } from "../../sentry-api/issues.js";
import { structuredResult } from "../define.js";
import type { StructuredResult } from "../types.js";
import type { PackageSelection } from "./package-versions.js";
import type { SuspectCommit } from "./suspect-commit.js";

/**
 * The structured answer of get_issue_details (and of get_sentry_resource for an issue or an
 * event) in experimental sessions. `details` is the stable markdown rendering without the two
 * sections that live here as fields (suspect commit, package selection), so no data is in
 * two places.
 */
const suspectCommitSchema = z.object({
  sha: z.string(),
  message: z.string().nullable(),
  author: z.string().nullable(),
  date: z.string().nullable(),
  repository: z.string().nullable(),
  source: z.string().nullable(),
});

const packageVersionsSchema = z.object({
  metadataAvailable: z.boolean(),
  packages: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["recorded", "not_listed", "version_not_recorded"]),
      version: z.string().nullable(),
      truncated: z.boolean(),
    }),
  ),
});

export const issueDetailsOutput = z.object({
  issue: z
    .object({
      id: z.string(),
      shortId: z.string().nullable(),
      title: z.string(),
      project: z.string(),
      url: z.string(),
    })
    .nullable()
    .describe("null for an event that belongs to no issue"),
  event: z
    .object({
      id: z.string(),
      packageVersions: packageVersionsSchema
        .optional()
        .describe("the versions recorded for packageNames, when given"),
    })
    .nullable(),
  suspectCommit: suspectCommitSchema.nullable(),
  details: z.string().describe("the rest of the details as markdown"),
});

export type IssueDetailsOutput = z.output<typeof issueDetailsOutput>;

export interface DetailsParts {
  issue: Issue | null;
  issueUrl?: string;
  eventId: string | undefined;
  packages: PackageSelection | undefined;
  suspectCommit: SuspectCommit | null;
  details: string;
}

export function issueDetailsResult(parts: DetailsParts): StructuredResult<IssueDetailsOutput> {
  const { issue } = parts;
  return structuredResult<IssueDetailsOutput>({
    issue: issue
      ? {
          id: issue.id,
          shortId: issue.shortId ?? null,
          title: issue.title,
          project: issue.project.slug,
          url: parts.issueUrl ?? "",
        }
      : null,
    event:
      parts.eventId === undefined
        ? null
        : {
            id: parts.eventId,
            ...(parts.packages
              ? {
                  packageVersions: {
                    metadataAvailable: parts.packages.metadataAvailable,
                    packages: parts.packages.packages.map((p) => ({
                      name: p.name,
                      status: p.status,
                      version: p.version,
                      truncated: p.truncated,
                    })),
                  },
                }
              : {}),
          },
    suspectCommit: parts.suspectCommit
      ? {
          sha: parts.suspectCommit.sha,
          message: parts.suspectCommit.message,
          author: parts.suspectCommit.author,
          date: parts.suspectCommit.date,
          repository: parts.suspectCommit.repository,
          source: parts.suspectCommit.source,
        }
      : null,
    details: parts.details,
  });
}
