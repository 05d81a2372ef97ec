/**
 * Process-wide V8 settings. `index.ts` imports this module first, so it runs before the rest of
 * the CLI is loaded (and allocated). The figures behind them are in docs/benchmarks.md
 * ("memory after tools/list").
 */
import { setFlagsFromString } from "node:v8";

// A stdio server has one client and a small heap: keep the young generation at its initial
// 1 MiB semi-spaces instead of letting start-up allocation grow them to 8 MiB each, memory the
// process then keeps (about 5 MiB of RSS after tools/list, 10 to 20 MiB after 20 calls).
setFlagsFromString("--semi-space-growth-factor=1");

// ...and no optimizing compiler (TurboFan). Its work at start-up (building ~85 tools' schemas is
// hot enough to trigger it) and on the first calls leaves about 6 MiB resident that a stdio
// session, a few calls a minute, never earns back: 20 calls take less CPU without it. Code
// still runs in the interpreter and its baseline compiler (Sparkplug).
setFlagsFromString("--no-opt");

/**
 * `serve` and `sandbox` answer many requests at once: let the young generation grow (V8's
 * default) and optimize hot code again.
 */
export function useServiceSettings(): void {
  setFlagsFromString("--semi-space-growth-factor=2");
  setFlagsFromString("--opt");
}
