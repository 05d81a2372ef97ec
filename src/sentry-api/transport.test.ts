import { describe, expect, it } from "vitest";
import { deadline } from "./transport.js";

describe("deadline", () => {
  it("aborts with a TimeoutError when the time is up", async () => {
    const timer = deadline(10);
    await new Promise((resolve) => timer.signal.addEventListener("abort", resolve));
    expect((timer.signal.reason as DOMException).name).toBe("TimeoutError");
    timer.clear();
  });

  it("aborts with the caller's reason when the caller aborts first, or already has", () => {
    const caller = new AbortController();
    const timer = deadline(60_000, caller.signal);
    const reason = new Error("client went away");
    caller.abort(reason);
    expect(timer.signal.aborted).toBe(true);
    expect(timer.signal.reason).toBe(reason);
    timer.clear();
    expect(deadline(60_000, caller.signal).signal.reason).toBe(reason);
  });

  it("once cleared, neither the clock nor the caller aborts it, and no listener is left", async () => {
    const caller = new AbortController();
    let listeners = 0;
    const add = caller.signal.addEventListener.bind(caller.signal);
    const remove = caller.signal.removeEventListener.bind(caller.signal);
    caller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners += 1;
      add(...args);
    }) as typeof add;
    caller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners -= 1;
      remove(...args);
    }) as typeof remove;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    const timers = Array.from({ length: 20 }, () => deadline(5, caller.signal));
    expect(listeners).toBe(20);
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    // 20 requests of one call in flight at once are not a listener leak.
    expect(warnings).not.toContain("MaxListenersExceededWarning");
    for (const t of timers) t.clear();
    expect(listeners).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    caller.abort();
    expect(timers.some((t) => t.signal.aborted)).toBe(false);
  });
});
