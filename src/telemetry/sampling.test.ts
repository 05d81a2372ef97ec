import { describe, expect, it } from "vitest";
import { DEFAULT_TRACES_SAMPLE_RATE, samplingFromEnv } from "./index.js";

describe("sampling", () => {
  it("traces one request in ten by default", () => {
    expect(DEFAULT_TRACES_SAMPLE_RATE).toBe(0.1);
    expect(samplingFromEnv({})).toEqual({ tracesSampleRate: 0.1 });
    expect(samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: "" })).toEqual({ tracesSampleRate: 0.1 });
  });

  it("SENTRY_TRACES_SAMPLE_RATE overrides; out-of-range values fall back", () => {
    expect(samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: "1" })).toEqual({ tracesSampleRate: 1 });
    expect(samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: "0" })).toEqual({ tracesSampleRate: 0 });
    expect(samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: "7" })).toEqual({ tracesSampleRate: 0.1 });
  });
});
