import { describe, expect, it } from "vitest";
import { crontabWords, durationMs, scheduleWords, statsSummary } from "./monitor-format.js";

describe("crontabWords", () => {
  it.each([
    ["* * * * *", "every minute"],
    ["*/5 * * * *", "every 5 minutes"],
    ["0 * * * *", "every hour, on the hour"],
    ["15 * * * *", "every hour at minute 15"],
    ["0 */6 * * *", "every 6 hours"],
    ["0 2 * * *", "every day at 02:00"],
    ["30 8 * * 1-5", "at 08:30 on Monday to Friday"],
    ["0 9 * * 0,6", "at 09:00 on Sunday, Saturday"],
    ["0 0 1 * *", "at 00:00 on day 1 of every month"],
    ["0 0 1 1 *", "at 00:00 on day 1 of January"],
  ])("%s → %s", (expr, words) => {
    expect(crontabWords(expr)).toBe(words);
  });

  it("leaves unusual shapes to the raw crontab", () => {
    expect(crontabWords("0 2 * * MON")).toBeUndefined();
    expect(crontabWords("@daily")).toBeUndefined();
    expect(scheduleWords({ schedule: "0 2 L * *", timezone: "UTC" })).toBe(
      "crontab `0 2 L * *`, `UTC`",
    );
  });

  it("reads interval schedules", () => {
    expect(scheduleWords({ schedule: [1, "hour"] })).toBe("every hour");
    expect(scheduleWords({ schedule: [30, "minute"] })).toBe("every 30 minutes");
  });
});

describe("durations and stats", () => {
  it("formats milliseconds", () => {
    expect(durationMs(850)).toBe("850 ms");
    expect(durationMs(13_200)).toBe("13.2 s");
    expect(durationMs(1_742_000)).toBe("29 min 2 s");
    expect(durationMs(3_900_000)).toBe("1 h 5 min");
  });

  it("sums stats buckets", () => {
    expect(
      statsSummary([
        { ts: 1, ok: 1, error: 0, missed: 0, timeout: 0, duration: 13_200 },
        { ts: 2, ok: 0, error: 0, missed: 1, timeout: 0, duration: 0 },
      ]),
    ).toBe("1 ok, 1 missed; average run 13.2 s");
    expect(statsSummary([{ ts: 1, ok: 0, duration: 0 }])).toBeUndefined();
  });
});
