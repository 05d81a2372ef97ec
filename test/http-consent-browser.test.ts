/**
 * The consent page in real headless Chromium: a user picks skills, approves, signs in at the
 * sandbox's Sentry login and lands on the client's redirect URI with a code. A screenshot of the
 * consent page is saved under test-artifacts/.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LOGIN, SANDBOX_OAUTH_CLIENT } from "../sandbox/data/oauth.js";
import type { Sandbox } from "../sandbox/server.js";
import { defaultConfig } from "../src/config.js";
import { type RunningServer, startHttpServer } from "../src/http/serve.js";
import { SKILLS } from "../src/tools/types.js";
import { startTestSandbox } from "./harness.js";
import { requireService } from "./services.js";

const ARTIFACTS = new URL("../test-artifacts/", import.meta.url).pathname;
const chromiumPath = await requireService("chromium", "consent page in Chromium");

let sandbox: Sandbox;
let server: RunningServer;
let callback: Server;
let callbackUrl: string;
let base: string;

beforeAll(async () => {
  if (!chromiumPath) return;
  sandbox = await startTestSandbox();
  server = await startHttpServer(defaultConfig({ sentryUrl: sandbox.url, skills: [...SKILLS] }), {
    bind: "127.0.0.1",
    port: 0,
    upstream: {
      clientId: SANDBOX_OAUTH_CLIENT.clientId,
      clientSecret: SANDBOX_OAUTH_CLIENT.clientSecret,
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  callback = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<p>Signed in. You can close this window.</p>");
  });
  await new Promise<void>((r) => callback.listen(0, "127.0.0.1", () => r()));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await new Promise((r) => (callback ? callback.close(r) : r(undefined)));
});

describe.skipIf(!chromiumPath)("consent page in Chromium", () => {
  it("is clicked through to a code, with the client name shown as text", async () => {
    const reg = await fetch(`${base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: `Evil <img src=x onerror="alert('xss')"> & Co`,
        redirect_uris: [callbackUrl],
        token_endpoint_auth_method: "none",
      }),
    });
    const { client_id: clientId } = (await reg.json()) as { client_id: string };
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${base}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: callbackUrl,
      state: "browser-state",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource: `${base}/mcp/acme`,
    })) {
      authorize.searchParams.set(k, v);
    }

    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      page.setDefaultTimeout(10_000);
      const dialogs: string[] = [];
      page.on("dialog", async (d) => {
        dialogs.push(d.message());
        await d.dismiss();
      });
      await page.goto(authorize.toString());
      await expect(page.locator("h1").textContent()).resolves.toBe(
        `Connect Evil <img src=x onerror="alert('xss')"> & Co to Sentry`,
      );
      expect(await page.locator("img").count()).toBe(0);
      expect(await page.locator('input[value="inspect"]').isChecked()).toBe(true);
      expect(await page.locator('input[value="seer"]').isChecked()).toBe(true);
      expect(await page.locator('input[value="triage"]').isChecked()).toBe(false);
      expect(await page.locator('input[value="project-management"]').isChecked()).toBe(false);
      await page.locator('input[value="triage"]').check();
      await page.locator('input[value="seer"]').uncheck();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}consent-page.png`, fullPage: true });

      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(
        (u) => u.pathname.startsWith("/oauth/authorize/") && u.origin === sandbox.url,
      );
      await page.locator('input[name="password"]').fill(SANDBOX_LOGIN.password);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL((u) => u.href.startsWith(callbackUrl));
      const landed = new URL(page.url());
      expect(landed.searchParams.get("state")).toBe("browser-state");
      expect(landed.searchParams.get("iss")).toBe(base);
      expect(dialogs).toEqual([]);

      const tokens = await fetch(`${base}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: landed.searchParams.get("code")!,
          redirect_uri: callbackUrl,
          client_id: clientId,
          code_verifier: verifier,
        }),
      });
      expect(tokens.status).toBe(200);
      expect(((await tokens.json()) as { scope: string }).scope).toBe("inspect triage");
    } finally {
      await browser.close();
    }
  });
});
