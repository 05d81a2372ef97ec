import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmingFetch } from "./warm-up.js";

describe("warmingFetch", () => {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? "-"}`);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ path: req.url }));
  });
  let base = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("passes every request through unchanged, the first and the later ones", async () => {
    const fetch = warmingFetch();
    const first = await fetch(`${base}/api/0/one/`, { headers: { authorization: "Bearer t" } });
    const second = await fetch(new URL("/api/0/two/", base), { method: "POST", body: "{}" });
    expect(await first.json()).toEqual({ path: "/api/0/one/" });
    expect(await second.json()).toEqual({ path: "/api/0/two/" });
    expect(seen).toEqual(["GET /api/0/one/ Bearer t", "POST /api/0/two/ -"]);
  });
});
