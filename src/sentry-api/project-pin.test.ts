import { describe, expect, it } from "vitest";
import { takesProjectFilter, withPinnedProject } from "./project-pin.js";

describe("project pin", () => {
  it("applies to organization-level lists and queries that take a project filter", () => {
    expect(takesProjectFilter("/api/0/organizations/acme/issues/")).toBe(true);
    expect(takesProjectFilter("/api/0/organizations/acme/events/")).toBe(true);
    expect(takesProjectFilter("/api/0/organizations/acme/trace-items/attributes/")).toBe(true);
    expect(takesProjectFilter("/api/0/organizations/acme/issues/123/")).toBe(false);
    expect(takesProjectFilter("/api/0/projects/acme/backend/")).toBe(false);
    expect(takesProjectFilter("/api/0/organizations/acme/")).toBe(false);
  });

  it("replaces any project a caller sent", () => {
    expect(withPinnedProject({ project: ["-1"], query: "x" }, "42")).toEqual({
      project: "42",
      query: "x",
    });
  });
});
