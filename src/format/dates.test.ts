import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "../tools/support/issue-format.js";
import { formatDate } from "./dates.js";

/** What formatDate meant before its fast path: a Date round trip, invalid input as it is. */
function viaDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const timestamp = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.option(fc.integer({ min: 0, max: 61 })),
    fraction: fc.option(fc.stringMatching(/^\d{1,9}$/)),
    zone: fc.constantFrom("Z", "+00:00", "+0000", "-05:00", "+01:30", "", "z"),
  })
  .map(
    (t) =>
      `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}` +
      (t.second === null ? "" : `:${pad(t.second)}${t.fraction === null ? "" : `.${t.fraction}`}`) +
      t.zone,
  );

describe("formatDate", () => {
  it("gives what a Date round trip gives, for Sentry's timestamps and near misses", () => {
    fc.assert(
      fc.property(timestamp, (value) => {
        expect(formatDate(value)).toBe(viaDate(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("formats the shapes Sentry sends, and leaves what is not a date alone", () => {
    expect(formatDate("2026-11-01T10:04:12.345678Z")).toBe("2026-11-01 10:04 UTC");
    expect(formatDate("2026-11-01T10:04:12+00:00")).toBe("2026-11-01 10:04 UTC");
    expect(formatDate("2026-11-30T23:59:59Z")).toBe("2026-11-30 23:59 UTC");
    expect(formatDate("2026-11-01T10:04:12-05:00")).toBe("2026-11-01 15:04 UTC");
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("")).toBeUndefined();
  });
});

describe("formatCount", () => {
  const intl = new Intl.NumberFormat("en-US");

  it("groups whole numbers as Intl does", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: 0, max: 9999 })),
        (n) => {
          expect(formatCount(n)).toBe(intl.format(n));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("leaves other numbers to Intl, and no number to nothing", () => {
    for (const n of [1234.5, -0, 2 ** 60, Number.POSITIVE_INFINITY, -1e21])
      expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(Number.NaN)).toBeUndefined();
    expect(formatCount(undefined)).toBeUndefined();
  });
});
