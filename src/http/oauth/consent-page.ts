/** The consent page: server-rendered, every dynamic value escaped (client names are attacker-chosen). */
import { SKILL_SCOPES, SKILL_SUMMARIES } from "../../catalog/skills.js";
import type { Skill } from "../../tools/types.js";
import { escapeHtml as e, page } from "../html.js";
import type { PathPins } from "../urls.js";

/** A skill that needs any write scope changes data in Sentry; it is never pre-checked. */
export function isWriteSkill(skill: Skill): boolean {
  return SKILL_SCOPES[skill].some((s) => s.endsWith(":write"));
}

export interface ConsentView {
  requestId: string;
  csrf: string;
  clientName?: string;
  clientId: string;
  redirectUri: string;
  pins: PathPins;
  offered: Skill[];
  /** Pre-checked skills (read-only ones on first render; the user's choice on a re-render). */
  checked: Skill[];
  sentryHost: string;
  error?: string;
}

const LABELS: Record<Skill, string> = {
  inspect: "Inspect",
  seer: "Seer",
  docs: "Docs",
  triage: "Triage",
  "project-management": "Project management",
};

export function renderConsentPage(v: ConsentView): string {
  const name = v.clientName ?? "An unnamed application";
  let returnTo = v.redirectUri;
  try {
    returnTo = new URL(v.redirectUri).host;
  } catch {
    // keep the raw value (escaped below)
  }
  const scope = v.pins.organizationSlug
    ? `organization <code>${e(v.pins.organizationSlug)}</code>${
        v.pins.projectSlug ? `, project <code>${e(v.pins.projectSlug)}</code> only` : " only"
      }`
    : "every organization your Sentry account can access";
  const skills = v.offered
    .map((skill) => {
      const write = isWriteSkill(skill);
      return `<label><input type="checkbox" name="skill" value="${e(skill)}"${v.checked.includes(skill) ? " checked" : ""}> ${e(LABELS[skill])}${
        write ? '<span class="write">can change data</span>' : ""
      }<small>${e(SKILL_SUMMARIES[skill])}</small></label>`;
    })
    .join("\n");
  return page(
    "Authorize access to Sentry",
    `<h1>Connect <span class="client">${e(name)}</span> to Sentry</h1>
<p><span class="client">${e(name)}</span> wants to use Sentry tools on your behalf, limited to ${scope}.</p>
${v.error ? `<p role="alert" style="color:#a3361f">${e(v.error)}</p>` : ""}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="request" value="${e(v.requestId)}">
<input type="hidden" name="csrf" value="${e(v.csrf)}">
<fieldset><legend>Allow it to</legend>
${skills}
</fieldset>
<p class="meta">After approving you sign in to Sentry (<code>${e(v.sentryHost)}</code>) and return to <code>${e(returnTo)}</code>. Client ID <code>${e(v.clientId)}</code>. Only approve applications you trust.</p>
<div class="actions">
<button class="primary" type="submit" name="action" value="approve">Approve</button>
<button class="secondary" type="submit" name="action" value="deny">Cancel</button>
</div>
</form>`,
  );
}

export function renderErrorPage(title: string, message: string): string {
  return page(title, `<h1>${e(title)}</h1><p>${e(message)}</p>`);
}
