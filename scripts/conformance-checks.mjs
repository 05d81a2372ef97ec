// After a conformance run with `-o DIR`: for scenarios that are in the baseline but fail only
// some checks, no check outside the allowed list may fail or warn.
// Usage: node scripts/conformance-checks.mjs DIR ALLOWED.json
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, allowedFile] = process.argv.slice(2);
const allowed = JSON.parse(readFileSync(allowedFile, "utf8"));
let bad = 0;
for (const [scenario, ids] of Object.entries(allowed)) {
  if (scenario.startsWith("_")) continue;
  const runs = readdirSync(dir).filter((name) => name.startsWith(`server-${scenario}-2`));
  if (runs.length === 0) {
    console.error(`conformance: no results for ${scenario}`);
    bad++;
  }
  for (const run of runs) {
    const checks = JSON.parse(readFileSync(join(dir, run, "checks.json"), "utf8"));
    for (const check of checks) {
      if (["SUCCESS", "SKIPPED", "INFO"].includes(check.status) || ids.includes(check.id)) continue;
      console.error(`conformance: ${scenario}: ${check.id} ${check.status}: ${check.errorMessage}`);
      bad++;
    }
  }
}
if (bad === 0) console.log(`Partial scenarios: only the allowed checks fail (${allowedFile}).`);
process.exit(bad === 0 ? 0 : 1);
