import { describe, expect, it } from "vitest";
import { readSeerState } from "./seer-state.js";

describe("readSeerState", () => {
  it("reads the classic shape: upper-case status, steps with causes and solution", () => {
    const a = readSeerState({
      run_id: 12345,
      status: "COMPLETED",
      steps: [
        {
          key: "root_cause_analysis_processing",
          status: "COMPLETED",
          progress: [{ message: "Figuring out the root cause..." }],
        },
        {
          key: "root_cause_analysis",
          type: "root_cause_analysis",
          causes: [
            { id: 0, description: "Wrong cause" },
            {
              id: 1,
              description: "`run_ripgrep` is called without `query`.",
              relevant_repos: ["getsentry/seer"],
              root_cause_reproduction: [
                {
                  title: "Request hits the endpoint.",
                  code_snippet_and_analysis: "Entry point.",
                  relevant_code_file: { file_path: "seer/app.py" },
                  is_most_important_event: true,
                },
              ],
            },
          ],
          selection: { cause_id: 1 },
        },
        {
          key: "solution",
          type: "solution",
          description: "Pass the query.",
          solution: [
            { title: "Add the argument", is_active: true },
            { title: "Dropped by the user", is_active: false },
          ],
        },
      ],
    });
    expect(a).toMatchObject({
      runId: "12345",
      status: "completed",
      rootCause: {
        summary: "`run_ripgrep` is called without `query`.",
        repos: ["getsentry/seer"],
        evidence: [{ title: "Request hits the endpoint.", file: "seer/app.py", important: true }],
      },
      solution: { summary: "Pass the query.", steps: [{ title: "Add the argument" }] },
    });
  });

  it("reads the block shape: lower-case status, root_cause and solution artifacts", () => {
    const a = readSeerState({
      run_id: 21831,
      status: "completed",
      blocks: [
        {
          message: { content: "I've identified why." },
          artifacts: [
            {
              key: "root_cause",
              data: {
                one_line_description: "The input ID does not exist.",
                five_whys: ["a", "b"],
                reproduction_steps: ["GET /x"],
                relevant_repo: "peated/peated",
              },
            },
          ],
        },
        {
          artifacts: [
            {
              key: "solution",
              data: {
                one_line_summary: "Use the canonical ID.",
                steps: [{ title: "Share ID", description: "Pass the same ID." }],
              },
            },
          ],
        },
      ],
    });
    expect(a).toMatchObject({
      status: "completed",
      rootCause: {
        summary: "The input ID does not exist.",
        fiveWhys: ["a", "b"],
        reproduction: ["GET /x"],
        repos: ["peated/peated"],
      },
      solution: { summary: "Use the canonical ID.", steps: [{ title: "Share ID" }] },
    });
  });

  it("maps every status and finds what Seer is doing", () => {
    expect(readSeerState({ status: "PROCESSING", steps: [] }).status).toBe("processing");
    expect(readSeerState({ status: "NEED_MORE_INFORMATION" }).status).toBe("needs_input");
    expect(readSeerState({ status: "WAITING_FOR_USER_RESPONSE" }).status).toBe("needs_input");
    expect(readSeerState({ status: "awaiting_user_input", blocks: [] }).status).toBe("needs_input");
    expect(readSeerState({ status: "ERROR" }).status).toBe("error");
    expect(readSeerState({ status: "CANCELLED" }).status).toBe("cancelled");
    const working = readSeerState({
      status: "processing",
      blocks: [
        {
          loading: true,
          todos: [
            { content: "Investigate failing request", status: "completed" },
            { content: "Draft fix plan", status: "in_progress" },
          ],
        },
      ],
    });
    expect(working).toMatchObject({ status: "processing", activity: "Draft fix plan" });
    expect(working.rootCause).toBeUndefined();
  });
});
