import { describe, expect, it } from "vitest";
import { isUnknownToolError } from "../bench/mcp-process.js";
import { describeRequest } from "../bench/sandbox.js";
import {
  type Figure,
  formatRatio,
  formatValue,
  median,
  missedTargets,
  parseCpuMs,
  parseVmRss,
  ratio,
  renderTable,
  resultText,
  verdict,
} from "../bench/stats.js";
import { countHits } from "../bench/surface.js";
import { sizeOf } from "../bench/tokens.js";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("ratio and verdict", () => {
  const figure = (ours: number | null, theirs: number | null, target?: number): Figure => ({
    label: "x",
    unit: "ms",
    ours,
    theirs,
    target,
  });

  it("divides ours by theirs, null when a side is missing or zero", () => {
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(null, 200)).toBeNull();
    expect(ratio(50, null)).toBeNull();
    expect(ratio(50, 0)).toBeNull();
    expect(ratio(Number.NaN, 3)).toBeNull();
  });

  it("meets a target at or below the ratio, misses above it", () => {
    expect(verdict(figure(40, 100, 0.4))).toBe("yes");
    expect(verdict(figure(41, 100, 0.4))).toBe("no");
    expect(verdict(figure(null, 100, 0.4))).toBe("n/a");
    expect(verdict(figure(41, 100))).toBe("");
    expect(missedTargets([figure(1, 2, 0.4), figure(1, 4, 0.4), figure(9, 1)])).toHaveLength(1);
  });
});

describe("formatting", () => {
  it("formats values with separators and one decimal below 100", () => {
    expect(formatValue(26133, "ch")).toBe("26,133 ch");
    expect(formatValue(66.62, "MiB")).toBe("66.6 MiB");
    expect(formatValue(4, "")).toBe("4");
    expect(formatValue(null, "ms")).toBe("n/a");
    expect(formatRatio(0.2512)).toBe("0.25x");
    expect(formatRatio(null)).toBe("n/a");
  });

  it("renders one markdown row per figure and escapes pipes in cells", () => {
    const table = renderTable([
      { label: "a | b", unit: "tok", ours: 10, theirs: 40, target: 0.4, note: "line\nbreak" },
      { label: "c", unit: "ms", ours: null, theirs: 3 },
    ]);
    expect(table).toMatchInlineSnapshot(`
      "| Figure | Ours | Incumbent | Ratio (ours/theirs) | Target | Target met? | Notes |
      | --- | ---: | ---: | ---: | ---: | :---: | --- |
      | a \\| b | 10 tok | 40 tok | 0.25x | <= 0.4x | yes | line break |
      | c | n/a | 3 ms | n/a |  |  |  |"
    `);
  });
});

describe("parsing", () => {
  it("reads VmRSS from /proc/<pid>/status in MiB", () => {
    const status = "Name:\tnode\nVmPeak:\t  900000 kB\nVmRSS:\t   68224 kB\nRssAnon:\t 40000 kB\n";
    expect(parseVmRss(status)).toBeCloseTo(66.625);
    expect(parseVmRss("Name:\tnode\n")).toBeNull();
  });

  it("reads user + system CPU ticks from /proc/<pid>/stat, past a command name with spaces", () => {
    const stat = "4242 (node (x) y) S 1 4242 4242 0 -1 4194304 95 0 0 0 31 7 0 0 20 0 1 0 1135336";
    expect(parseCpuMs(stat)).toBe(380);
    expect(parseCpuMs("garbage")).toBeNull();
  });

  it("joins the text blocks of a tool result and skips other blocks", () => {
    expect(
      resultText({
        content: [
          { type: "text", text: "one" },
          { type: "image", data: "...", mimeType: "image/png" },
          { type: "text", text: "two" },
        ],
      }),
    ).toBe("one\ntwo");
    expect(resultText({})).toBe("");
  });

  it("counts search hits in a JSON answer", () => {
    expect(countHits(JSON.stringify({ query: "q", results: [{}, {}, {}] }))).toBe(3);
    expect(countHits("## a\n## b\n")).toBe(2);
    expect(countHits("nothing")).toBeNull();
  });

  it("recognises unknown-tool errors from either server", () => {
    expect(isUnknownToolError('Input error: unknown tool "get_trace_details".')).toBe(true);
    expect(
      isUnknownToolError('Tool "get_trace_details" is not available in this session. Use search'),
    ).toBe(true);
    expect(isUnknownToolError("Not found: the issue does not exist")).toBe(false);
  });

  it("describes sandbox request records", () => {
    expect(describeRequest({ method: "GET", path: "/api/0/x/", query: "a=1" })).toBe(
      "GET /api/0/x/?a=1",
    );
    expect(describeRequest({ method: "GET", path: "/api/0/x/", query: "" })).toBe("GET /api/0/x/");
  });

  it("counts o200k tokens and characters", () => {
    const size = sizeOf("hello world");
    expect(size.chars).toBe(11);
    expect(size.tokens).toBe(2);
  });
});
