import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, structuredResult } from "../tools/define.js";
import { applyBudget, finalizeResult, sanitizeValue, toCallResult } from "./results.js";

const base = {
  title: "T",
  description: "A tool for result tests.",
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  skills: [],
  requiredScopes: [],
  inputSchema: {},
} as const;

describe("results", () => {
  it("replaces lone surrogates everywhere", () => {
    const md = defineTool({ ...base, name: "md", handler: async () => "x" });
    expect(toCallResult(md, "half \ud83d emoji", 1000).content[0]).toEqual({
      type: "text",
      text: "half \ufffd emoji",
    });
    expect(sanitizeValue({ a: ["\udc00"] })).toEqual({ a: ["\ufffd"] });
  });

  it("emits compact JSON text equal to structuredContent", () => {
    const schema = z.object({ n: z.number() });
    const tool = defineTool({
      ...base,
      name: "s",
      outputSchema: schema,
      handler: async (_p) => structuredResult({ n: 1 }),
    });
    const result = toCallResult(tool, structuredResult<{ n: number }>({ n: 1 }), 1000);
    expect(result.structuredContent).toEqual({ n: 1 });
    expect(result.content[0]).toEqual({ type: "text", text: '{"n":1}' });
  });

  it("refuses structured output that breaks the schema", () => {
    const tool = defineTool({
      ...base,
      name: "s",
      outputSchema: z.object({ n: z.number() }),
      handler: async (_p) => structuredResult({ n: 1 }),
    });
    expect(() => toCallResult(tool, structuredResult<unknown>({ n: "1" }), 1000)).toThrow(
      /does not match its schema at n/,
    );
  });

  it("cuts long markdown with a note and closes open fences", () => {
    const long = `# Title\n\n\`\`\`\n${"line of code\n".repeat(500)}\`\`\``;
    const cut = applyBudget(long, 1000);
    expect(cut.length).toBeLessThanOrEqual(1000);
    expect(cut).toMatch(/Response cut at 1000 characters \(\d+ left out\)/);
    expect(cut.match(/^```/gm)?.length).toBe(2);
    expect(applyBudget("short", 1000)).toBe("short");
  });

  it("never leaves half an emoji at the budget cut, in markdown or structured results", () => {
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const emoji = "😀🚀🔥 ".repeat(400);
    const md = defineTool({ ...base, name: "md", handler: async () => "x" });
    const schema = z.object({ reports: z.array(z.object({ comments: z.string() })) });
    const structured = defineTool({
      ...base,
      name: "s",
      outputSchema: schema,
      handler: async (_p) => structuredResult({ reports: [] }),
    });
    for (let budget = 1000; budget < 1010; budget++) {
      for (const offset of [0, 1, 2, 3]) {
        const text = `${"x".repeat(offset)}${emoji}`;
        const markdown = toCallResult(md, text, budget).content[0] as { text: string };
        expect(markdown.text).not.toMatch(loneSurrogate);
        const result = toCallResult(
          structured,
          structuredResult({ reports: [{ comments: text }, { comments: text }] }),
          budget + 500,
        );
        const json = JSON.stringify(result);
        expect(json).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
        const comments = (result.structuredContent as z.output<typeof schema>).reports[0]!.comments;
        expect(comments).not.toMatch(loneSurrogate);
        expect(comments).toContain("more characters");
      }
    }
  });

  it("finalizeResult makes every string of a result well-formed", () => {
    const result = finalizeResult({
      content: [{ type: "text", text: "a\ud83d" }],
      structuredContent: { list: [{ note: "\udc00b" }] },
    });
    expect(result).toEqual({
      content: [{ type: "text", text: "a\ufffd" }],
      structuredContent: { list: [{ note: "\ufffdb" }] },
    });
  });
});
