import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROFILE_SESSION_SAMPLE_RATE,
  DEFAULT_TRACES_SAMPLE_RATE,
  samplingFromEnv,
} from "./index.js";

describe("sampling", () => {
  it("traces one request in ten and profiles one process in ten by default", () => {
    expect(DEFAULT_TRACES_SAMPLE_RATE).toBe(0.1);
    expect(DEFAULT_PROFILE_SESSION_SAMPLE_RATE).toBe(0.1);
    const defaults = { tracesSampleRate: 0.1, profileSessionSampleRate: 0.1 };
    expect(samplingFromEnv({})).toEqual(defaults);
    expect(
      samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: "", SENTRY_PROFILE_SESSION_SAMPLE_RATE: " " }),
    ).toEqual(defaults);
  });

  it("SENTRY_TRACES_SAMPLE_RATE overrides; out-of-range values fall back", () => {
    const traces = (raw: string) =>
      samplingFromEnv({ SENTRY_TRACES_SAMPLE_RATE: raw }).tracesSampleRate;
    expect(traces("1")).toBe(1);
    expect(traces("0")).toBe(0);
    expect(traces("7")).toBe(0.1);
  });

  it("SENTRY_PROFILE_SESSION_SAMPLE_RATE overrides; out-of-range values fall back", () => {
    const profiles = (raw: string) =>
      samplingFromEnv({ SENTRY_PROFILE_SESSION_SAMPLE_RATE: raw }).profileSessionSampleRate;
    expect(profiles("1")).toBe(1);
    expect(profiles("0")).toBe(0);
    expect(profiles("-1")).toBe(0.1);
    expect(profiles("lots")).toBe(0.1);
  });
});
