import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../store/sqlite.js";
import { isPrivateAddress, loadMetadataDocumentClient } from "./cimd.js";

let server: Server;
let base: string;
let hits = 0;
const docs = new Map<string, string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const body = docs.get(req.url ?? "");
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(body ?? "{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const TEST = { allowLoopbackForTests: true };
const store = () => openSqliteStore(":memory:", { sweepMs: 0 });
const doc = (id: string, extra: object = {}) =>
  JSON.stringify({
    client_id: id,
    client_name: "Doc",
    redirect_uris: ["https://a.example/cb"],
    ...extra,
  });

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:10.0.0.1",
    "not-an-ip",
  ])("refuses %s", (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(["93.184.216.34", "8.8.8.8", "2606:4700::1111"])("allows %s", (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );
});

describe("loadMetadataDocumentClient", () => {
  it("refuses http and loopback hosts outside tests", async () => {
    const id = `${base}/client.json`;
    docs.set("/client.json", doc(id));
    expect(await loadMetadataDocumentClient(store(), id, {}, 0)).toBeNull();
    const https = `https://localhost:${new URL(base).port}/client.json`;
    expect(await loadMetadataDocumentClient(store(), https, {}, 0)).toBeNull();
  });

  it("loads, validates and caches a document", async () => {
    const id = `${base}/good.json`;
    docs.set("/good.json", doc(id));
    const s = store();
    const before = hits;
    const client = await loadMetadataDocumentClient(s, id, TEST, 0);
    expect(client).toMatchObject({
      client_id: id,
      client_name: "Doc",
      redirect_uris: ["https://a.example/cb"],
      token_endpoint_auth_method: "none",
    });
    await loadMetadataDocumentClient(s, id, TEST, 0);
    expect(hits - before).toBe(1);
  });

  it.each([
    ["a client_id that is not its URL", "/other.json", (id: string) => doc(`${id}x`)],
    [
      "a javascript: redirect",
      "/js.json",
      (id: string) => doc(id, { redirect_uris: ["javascript:x"] }),
    ],
    [
      "a confidential client",
      "/secret.json",
      (id: string) => doc(id, { token_endpoint_auth_method: "client_secret_basic" }),
    ],
    [
      "an oversized document",
      "/big.json",
      (id: string) => doc(id, { padding: "x".repeat(20_000) }),
    ],
    ["a non-JSON document", "/text.json", () => "hello"],
  ])("refuses %s", async (_label, path, body) => {
    const id = `${base}${path}`;
    docs.set(path, body(id));
    expect(await loadMetadataDocumentClient(store(), id, TEST, 0)).toBeNull();
  });

  it("refuses a root URL", async () => {
    expect(await loadMetadataDocumentClient(store(), `${base}/`, TEST, 0)).toBeNull();
  });
});
