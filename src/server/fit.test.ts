import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, structuredResult } from "../tools/define.js";
import { budgetNote, fitToBudget } from "./fit.js";
import { toCallResult } from "./results.js";

const size = (v: unknown) => JSON.stringify(v).length;

describe("fitToBudget", () => {
  it("leaves a payload within the budget alone", () => {
    const payload = { items: [1, 2, 3] };
    expect(fitToBudget(payload, 100)).toEqual({ payload, cuts: [] });
  });

  it("drops items from the end of the biggest list first, without touching the input", () => {
    const payload = {
      org: "acme",
      projects: Array.from({ length: 200 }, (_, i) => ({ slug: `project-${i}`, id: String(i) })),
      teams: [{ slug: "web" }, { slug: "platform" }],
    };
    const { payload: fitted, cuts } = fitToBudget(payload, 2_000);
    expect(size(fitted)).toBeLessThanOrEqual(2_000);
    expect(payload.projects).toHaveLength(200);
    expect(fitted.projects[0]).toEqual({ slug: "project-0", id: "0" });
    expect(fitted.teams).toHaveLength(2);
    expect(cuts).toEqual([`kept ${fitted.projects.length} of 200 projects`]);
  });

  it("shortens long texts when lists are not the problem", () => {
    const payload = { event: { message: "x".repeat(50_000) }, tags: ["a", "b"] };
    const { payload: fitted, cuts } = fitToBudget(payload, 1_000);
    expect(size(fitted)).toBeLessThanOrEqual(1_000);
    expect(fitted.event.message).toMatch(/^x+… \(\d+ more characters\)$/);
    expect(cuts).toEqual(["shortened 1 long text"]);
  });

  it("cuts nested lists and names them generically", () => {
    const payload = {
      issues: Array.from({ length: 3 }, () => ({ events: Array.from({ length: 300 }, () => "e") })),
    };
    const { payload: fitted, cuts } = fitToBudget(payload, 1_000);
    expect(size(fitted)).toBeLessThanOrEqual(1_000);
    expect(cuts.some((c) => c.includes("issues[].events"))).toBe(true);
  });

  it("writes a note that says what was cut and what to do", () => {
    expect(budgetNote(25_000, ["kept 40 of 300 projects"])).toBe(
      "Response cut to fit 25000 characters: kept 40 of 300 projects. Narrow the request (a smaller limit, a query, a cursor) or use a detail tool for one item.",
    );
  });
});

describe("structured results over the budget", () => {
  const tool = defineTool({
    name: "list_things",
    title: "List things",
    description: "test",
    inputSchema: {},
    outputSchema: z.object({
      things: z.array(z.object({ name: z.string() })),
      nextCursor: z.string().nullable(),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
    skills: [],
    requiredScopes: [],
    handler: async () =>
      structuredResult<{ things: Array<{ name: string }>; nextCursor: string | null }>({
        things: [],
        nextCursor: null,
      }),
  });

  it("stays within the budget, matches the schema and says what was cut", () => {
    const things = Array.from({ length: 500 }, (_, i) => ({ name: `thing number ${i}` }));
    const result = toCallResult(tool, structuredResult({ things, nextCursor: "c1" }), 3_000);
    const text = result.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(text.length).toBeLessThanOrEqual(3_000);
    expect(tool.outputSchema?.safeParse(result.structuredContent).success).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(
      result.structuredContent,
    );
    expect(result.content[1]).toMatchObject({
      text: expect.stringMatching(/^Response cut to fit 3000 characters: kept \d+ of 500 things\./),
    });
  });

  it("drops invisible and bidi controls from structured strings", () => {
    const result = toCallResult(
      tool,
      structuredResult({ things: [{ name: "a\u202eb\u200bc\ud800" }], nextCursor: null }),
      3_000,
    );
    expect(result.structuredContent).toEqual({ things: [{ name: "abc\ufffd" }], nextCursor: null });
  });
});
