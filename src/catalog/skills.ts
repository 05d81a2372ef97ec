import { UserInputError } from "../errors.js";
import { type Scope, SKILLS, type Skill } from "../tools/types.js";

const READ: Scope[] = ["org:read", "project:read", "team:read", "event:read"];

/** The Sentry scopes each skill needs; a token (or OAuth grant) must carry them. */
export const SKILL_SCOPES: Record<Skill, Scope[]> = {
  inspect: READ,
  seer: READ,
  docs: [],
  triage: [...READ, "event:write"],
  "project-management": [...READ, "project:write", "team:write", "alerts:write"],
};

export const SKILL_SUMMARIES: Record<Skill, string> = {
  inspect: "read issues, events, traces, logs, releases, projects and teams",
  seer: "ask Seer for root-cause analysis",
  docs: "search and read Sentry's documentation (deprecated; docs tools are always on)",
  triage: "resolve, ignore, assign and comment on issues",
  "project-management": "create and update projects, teams, DSNs, monitors and alerts",
};

/** Parses a comma-separated skill list; unknown names are a clear error. */
export function parseSkills(value: string, source: string): Skill[] {
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SKILLS as readonly string[]).includes(n));
  if (unknown.length) {
    throw new UserInputError(
      `Unknown skill${unknown.length > 1 ? "s" : ""} in ${source}: ${unknown.join(", ")}. Valid skills: ${SKILLS.join(", ")}.`,
    );
  }
  return [...new Set(names)] as Skill[];
}

export function scopesFor(skills: readonly Skill[]): Scope[] {
  return [...new Set(skills.flatMap((s) => SKILL_SCOPES[s]))];
}
