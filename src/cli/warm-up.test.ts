import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeFetch } from "../sentry-api/node-fetch.js";
import { readText } from "../sentry-api/transport.js";
import { afterFirstRequestSent } from "./warm-up.js";

const send = createNodeFetch();
const get = async (url: string) => readText(await send(new URL(url), {}), 1024, new URL(url));

describe("afterFirstRequestSent", () => {
  let calls = 0;
  let ran: Promise<void> = Promise.resolve();
  // The first answer waits for the callback: a callback that waited for the answer would hang.
  const server = createServer((req, res) => {
    if (req.url === "/first") void ran.then(() => res.end(`one, after ${calls} callback`));
    else res.end(`two, after ${calls} callback`);
  });
  let base = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("runs once, after the first request is sent and before its answer", async () => {
    ran = new Promise<void>((resolve) =>
      afterFirstRequestSent(() => {
        calls += 1;
        resolve();
      }),
    );
    expect(calls).toBe(0);
    expect(await get(`${base}/first`)).toBe("one, after 1 callback");
    expect(await get(`${base}/second`)).toBe("two, after 1 callback");
    expect(calls).toBe(1);
  }, 10_000);
});
