import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderToolsMarkdown, toolDocs } from "./tools-doc.js";

const read = (file: string) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), "utf8");

describe("generated tool definitions", () => {
  it("docs/tools.md and docs/tools.json match the catalog (run `npm run docs:tools`)", () => {
    const docs = toolDocs();
    expect(read("tools.json")).toBe(`${JSON.stringify(docs, null, 2)}\n`);
    expect(read("tools.md")).toBe(renderToolsMarkdown(docs));
  });
});
