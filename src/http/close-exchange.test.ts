import { describe, expect, it } from "vitest";
import { closeExchange } from "./close-exchange.js";

describe("closeExchange", () => {
  it("closes without capturing stacks, then restores V8's limit, even when close fails", async () => {
    const before = Error.stackTraceLimit;
    const seen: Array<{ limit: number; stack: string | undefined }> = [];
    const server = {
      async close() {
        const error = new Error("Connection closed");
        seen.push({ limit: Error.stackTraceLimit, stack: error.stack });
        throw error;
      },
    };
    closeExchange(server);
    expect(seen).toHaveLength(1);
    expect(seen[0].limit).toBe(0);
    expect(seen[0].stack?.split("\n")).toEqual(["Error: Connection closed"]);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error("after").stack?.split("\n").length).toBeGreaterThan(1);
    await new Promise((resolve) => setImmediate(resolve));
  });
});
