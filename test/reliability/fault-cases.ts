/** The ways an upstream answer goes wrong, as the fault matrix and the canary suite use them. */

import type { FaultSpec } from "../../sandbox/faults.js";

/** Upstream timeout of a session under `stalled`: the sandbox answers only after it. */
export const STALLED_TIMEOUT_MS = 300;

export interface FaultCase {
  name: string;
  fault: Omit<FaultSpec, "path">;
  /** "error": a call that met the fault fails clearly; "any": it may also answer normally. */
  outcome: "error" | "any";
  /** what the error must say when the call fails */
  says?: RegExp;
  timeoutMs?: number;
}

export const FAULT_CASES: FaultCase[] = [
  { name: "500", fault: { kind: "status", status: 500 }, outcome: "error", says: /500/ },
  { name: "502 HTML", fault: { kind: "status", status: 502 }, outcome: "error", says: /502/ },
  {
    name: "503 Retry-After",
    fault: { kind: "status", status: 503, retryAfter: 0 },
    outcome: "error",
    says: /503/,
  },
  {
    name: "429 Retry-After",
    fault: { kind: "rate-limit", retryAfter: 1 },
    outcome: "error",
    says: /Rate limited|429/,
  },
  { name: "slow", fault: { kind: "slow", delayMs: 60 }, outcome: "any" },
  {
    name: "stalled",
    fault: { kind: "slow", delayMs: 3_000 },
    outcome: "error",
    says: /did not answer in time/,
    timeoutMs: STALLED_TIMEOUT_MS,
  },
  { name: "reset", fault: { kind: "reset" }, outcome: "error", says: /Could not reach Sentry/ },
  {
    name: "truncated JSON",
    fault: { kind: "truncated" },
    outcome: "error",
    says: /unexpected response .*invalid JSON/,
  },
  {
    name: "HTML page",
    fault: { kind: "html" },
    outcome: "error",
    says: /unexpected response .*HTML page/,
  },
  { name: "wrong shape", fault: { kind: "wrong-shape" }, outcome: "any" },
  { name: "huge", fault: { kind: "huge", items: 300 }, outcome: "any" },
  { name: "missing fields", fault: { kind: "missing-fields" }, outcome: "any" },
];
