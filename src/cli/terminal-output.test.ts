import { describe, expect, it } from "vitest";
import { formatResult, renderMarkdown } from "./terminal-output.js";

describe("terminal output", () => {
  const markdown = [
    "# Issue **BACKEND-1** in **`acme`**",
    "",
    "**Status**: unresolved · `ValueError`",
    "```python",
    "# not a heading",
    "```",
    "## Response Notes",
  ].join("\n");

  it("leaves markdown untouched without color (pipes, NO_COLOR)", () => {
    expect(renderMarkdown(markdown, false)).toBe(markdown);
  });

  it("styles headings, bold and code spans, and dims code blocks", () => {
    expect(renderMarkdown(markdown, true).split("\n")).toEqual([
      "\x1b[1m\x1b[4mIssue BACKEND-1 in `acme`\x1b[0m",
      "",
      "\x1b[1mStatus\x1b[0m: unresolved · \x1b[36mValueError\x1b[0m",
      "\x1b[2m```python\x1b[0m",
      "\x1b[2m# not a heading\x1b[0m",
      "\x1b[2m```\x1b[0m",
      "\x1b[1mResponse Notes\x1b[0m",
    ]);
  });

  it("indents structured content and describes images", () => {
    expect(
      formatResult(
        { content: [{ type: "text", text: '{"a":1}' }], structuredContent: { a: 1 } },
        false,
      ),
    ).toBe('{\n  "a": 1\n}\n');
    expect(
      formatResult(
        {
          content: [
            { type: "text", text: "# Screenshot" },
            { type: "image", data: "AAAA", mimeType: "image/png" },
          ],
        },
        false,
      ),
    ).toBe("# Screenshot\n\n[image: image/png, 3 bytes]\n");
  });
});
