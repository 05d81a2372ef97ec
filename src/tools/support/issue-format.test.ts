import { describe, expect, it } from "vitest";
import { formatDateRange } from "../../format/dates.js";
import type { Issue } from "../../sentry-api/issues.js";
import { issueLine, projectLegend } from "./issue-format.js";

const issue = (shortId: string, project: string) =>
  ({
    id: "1",
    shortId,
    title: "Boom",
    status: "unresolved",
    count: 3,
    userCount: 1,
    project: { slug: project },
  }) as unknown as Issue;

describe("issue list lines", () => {
  it("leave out the project a short ID names, and name any other", () => {
    expect(issueLine(issue("FRONTEND-2J", "frontend"))).toBe(
      "- **FRONTEND-2J** · `Boom` · unresolved · 3 events, 1 users",
    );
    // A renamed project keeps its old short ID prefix: the line names the project.
    expect(issueLine(issue("WEB-4", "frontend"))).toBe(
      "- **WEB-4** · `Boom` · unresolved · 3 events, 1 users · project `frontend`",
    );
  });
  it("the legend appears only when a line relies on it", () => {
    expect(projectLegend([issue("WEB-4", "frontend")])).toBeUndefined();
    expect(projectLegend([issue("WEB-4", "frontend"), issue("API-1", "api")])).toBe(
      "project = short ID prefix unless named",
    );
  });
});

describe("date ranges", () => {
  it("write the day once when both ends share it", () => {
    expect(formatDateRange("2026-11-01T10:35:00Z", "2026-11-01T11:35:00.000Z")).toBe(
      "2026-11-01 10:35 → 11:35 UTC",
    );
    expect(formatDateRange("2026-10-31T23:30:00Z", "2026-11-01T00:30:00Z")).toBe(
      "2026-10-31 23:30 UTC → 2026-11-01 00:30 UTC",
    );
    expect(formatDateRange("soon", "2026-11-01T00:30:00Z")).toBe("soon → 2026-11-01 00:30 UTC");
  });
});
