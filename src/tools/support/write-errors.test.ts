import { describe, expect, it } from "vitest";
import { ApiError, UserInputError } from "../../errors.js";
import { errorMessage } from "../../server/errors.js";
import { explainWriteError, guardWrite, type WriteIntent } from "./write-errors.js";

const intent: WriteIntent = {
  action: 'create project "api" in acme',
  scope: "project:write",
  skill: "project-management",
  conflict: "Pass another slug.",
  notFound: "No team web in acme.",
  fields: { platform: "Use a platform id such as python." },
};

const explain = (status: number, detail?: string) =>
  errorMessage(explainWriteError(ApiError.fromStatus(status, detail), intent));

describe("write errors", () => {
  it("403: the missing scope and the skill to grant", () => {
    expect(explain(403, "You do not have permission to perform this action.")).toBe(
      'Input error: Sentry refused to create project "api" in acme: the token lacks `project:write` or the user may not change this resource (Sentry: "You do not have permission to perform this action"). Grant the project-management skill with a token (or OAuth grant) that has `project:write`, or ask an organization owner or manager.',
    );
  });

  it("409: Sentry's detail and the fix", () => {
    expect(explain(409, "A project with this slug already exists.")).toBe(
      'Input error: Sentry refused to create project "api" in acme: A project with this slug already exists. Pass another slug.',
    );
  });

  it("400: each rejected field with its fix; unknown fields and plain details too", () => {
    expect(explain(400, "platform: Invalid platform; slug: Enter a valid slug.")).toBe(
      'Input error: Sentry rejected the request to create project "api" in acme. `platform`: Invalid platform. Use a platform id such as python. `slug`: Enter a valid slug.',
    );
    expect(explain(400, "You have already posted that comment.")).toBe(
      'Input error: Sentry rejected the request to create project "api" in acme: You have already posted that comment.',
    );
  });

  it("404 becomes the intent's message; other failures pass through unchanged", () => {
    expect(explain(404, "Not found")).toBe("Input error: No team web in acme.");
    for (const status of [401, 429, 500, 502]) {
      const error = ApiError.fromStatus(status, "x");
      expect(explainWriteError(error, intent)).toBe(error);
    }
    const plain = new Error("boom");
    expect(explainWriteError(plain, intent)).toBe(plain);
  });

  it("guardWrite runs the write once and rethrows the explained error", async () => {
    let calls = 0;
    const write = async () => {
      calls++;
      throw ApiError.fromStatus(409, "taken");
    };
    await expect(guardWrite(intent, write)).rejects.toBeInstanceOf(UserInputError);
    expect(calls).toBe(1);
    await expect(guardWrite(intent, async () => 42)).resolves.toBe(42);
  });
});
