/**
 * Profiling (seed 001: profiles at 10%). The profiler and its native binary load only once a DSN
 * is set; without one nothing of it is in the process. Test files share a module cache
 * (vitest isolate: false), so "never loaded" is checked in a fresh Node process on the build.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type EnvelopeSink, startEnvelopeSink } from "../../test/envelope-sink.js";
import { closeTelemetry, initTelemetry, isTelemetryEnabled } from "./index.js";
import { state } from "./state.js";

const moduleCache = createRequire(import.meta.url).cache;
const profilerLoaded = () =>
  Object.keys(moduleCache).some((p) => p.includes("sentry_cpu_profiler"));

let sink: EnvelopeSink | undefined;

afterAll(async () => {
  await closeTelemetry();
  await sink?.close();
});

describe("profiling", () => {
  it("is absent without a DSN: the profiler is never loaded", async () => {
    expect(await initTelemetry({ transport: "stdio", env: {} })).toBe(false);
    expect(isTelemetryEnabled()).toBe(false);
    const built = fileURLToPath(new URL("../../dist/src/telemetry/index.js", import.meta.url));
    const script = `
      import { createRequire } from "node:module";
      const { initTelemetry } = await import(${JSON.stringify(built)});
      const enabled = await initTelemetry({ transport: "stdio", env: {} });
      const cache = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({ enabled, profiler: cache.some((p) => p.includes("sentry_cpu_profiler")) }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual({ enabled: false, profiler: false });
  });

  it("is on with a DSN, sampling one process in ten by default", async () => {
    sink = await startEnvelopeSink();
    expect(await initTelemetry({ dsn: sink.dsn, transport: "stdio", env: {} })).toBe(true);
    const client = state.sdk?.getClient();
    expect(client?.getIntegrationByName("ProfilingIntegration")).toBeDefined();
    expect(client?.getOptions()).toMatchObject({
      profileSessionSampleRate: 0.1,
      profileLifecycle: "trace",
      tracesSampleRate: 0.1,
    });
    expect(profilerLoaded()).toBe(true);
  });

  it("sends a profile chunk for a traced span when sampled", async () => {
    await closeTelemetry();
    sink?.reset();
    await initTelemetry({
      dsn: sink!.dsn,
      transport: "stdio",
      env: { SENTRY_TRACES_SAMPLE_RATE: "1", SENTRY_PROFILE_SESSION_SAMPLE_RATE: "1" },
    });
    const sdk = state.sdk!;
    expect(sdk.getClient()?.getOptions()).toMatchObject({ profileSessionSampleRate: 1 });
    const sum = await sdk.startSpan({ name: "busy" }, async () => {
      let x = 0;
      for (let i = 0; i < 3e6; i++) x += Math.sqrt(i);
      await new Promise((resolve) => setTimeout(resolve, 150));
      return x;
    });
    expect(sum).toBeGreaterThan(0);
    await closeTelemetry();
    expect(sink!.items("profile_chunk").length).toBeGreaterThan(0);
  });
});
