/**
 * The periodic sweep that revokes the Sentry tokens of grants that reached their end (absolute
 * lifetime, or idle past their refresh lifetime) and of authorization codes never redeemed.
 */
import { getJson, takeJson } from "../store/types.js";
import { sweepEnds } from "./ends.js";
import { type GrantDeps, grantEndReached, revokeSealedUpstream } from "./grants.js";
import type { IssuedCode } from "./pending.js";

/** One pass; returns how many indexed records it looked at. */
export function sweepEndedGrants(deps: GrantDeps): Promise<number> {
  return sweepEnds(deps.store, deps.now(), async (key) => {
    if (key.startsWith("grant:")) return grantEndReached(deps, key.slice("grant:".length));
    if (!key.startsWith("code:")) return;
    const code = await getJson<IssuedCode>(deps.store, key);
    if (!code || code.expiresAt > deps.now()) return;
    const taken = await takeJson<IssuedCode>(deps.store, key);
    if (taken) await revokeSealedUpstream(deps, taken.upstream, "authorization code unused");
  });
}

/** Runs the sweep every `everyMs`; returns a stop function. */
export function startGrantSweeper(deps: GrantDeps, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepEndedGrants(deps)
      .catch((error) => deps.log?.warn("grant sweep failed", { error: (error as Error).message }))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
