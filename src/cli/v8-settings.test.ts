/**
 * The stdio process runs without V8's optimizing compiler; `serve` and `sandbox` turn it back
 * on. Checked in a fresh Node process on the build (V8 flags are process-wide), with V8's own
 * report of a hot function's state (`%GetOptimizationStatus`: bit 2 = never optimized, bit 16
 * = optimized).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const built = fileURLToPath(new URL("../../dist/src/cli/v8-settings.js", import.meta.url));

function statusAfterHotLoop(serve: boolean): number {
  const script = `
    const { useServiceSettings } = await import(${JSON.stringify(built)});
    if (${serve}) useServiceSettings();
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += i * 2; return s; }
    for (let i = 0; i < 20000; i++) hot(1000);
    console.log(%GetOptimizationStatus(hot));`;
  const out = execFileSync(
    process.execPath,
    ["--allow-natives-syntax", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  return Number(out.trim());
}

describe("V8 settings", () => {
  it("stdio: a hot function stays unoptimized", () => {
    const status = statusAfterHotLoop(false);
    expect(status & 16).toBe(0);
    expect(status & 2).toBe(2);
  });

  it("serve and sandbox: a hot function is optimized", () => {
    expect(statusAfterHotLoop(true) & 16).toBe(16);
  });
});
