/**
 * Issue 19's answer-token figure: the tokens of the answers both servers give for the same facts
 * (search_issues, find_projects, a metric issue's get_issue_details, find_teams), summed over the
 * scenarios both sides answered.
 */
import { TARGETS } from "./measure.js";
import type { Measured, Scenario } from "./scenarios.js";
import type { Figure } from "./stats.js";

export function sameFactsFigure(
  scenarios: readonly Scenario[],
  ours: ReadonlyMap<string, Measured>,
  theirs: ReadonlyMap<string, Measured> | undefined,
): Figure {
  let sumOurs = 0;
  let sumTheirs = 0;
  const counted: string[] = [];
  const missing: string[] = [];
  for (const scenario of scenarios.filter((s) => s.sameFacts)) {
    const x = ours.get(scenario.key);
    const y = theirs?.get(scenario.key);
    if (x?.ok && y?.ok) {
      sumOurs += x.size.tokens;
      sumTheirs += y.size.tokens;
      counted.push(scenario.label);
    } else {
      missing.push(scenario.label);
    }
  }
  const note = [
    counted.join(" + "),
    missing.length ? `not counted (a side did not answer): ${missing.join(", ")}` : "",
  ]
    .filter((n) => n)
    .join("; ");
  return {
    label: "answer tokens for the same facts",
    unit: "tok",
    ours: counted.length ? sumOurs : null,
    theirs: counted.length ? sumTheirs : null,
    target: TARGETS.responseTokens,
    note: note || undefined,
  };
}
