/**
 * Installs the incumbent (`@sentry/mcp-server`) on demand into the ignored `.cache/incumbent/`
 * folder. It declares engines node >= 22.13 but runs on Node 20 (npm prints a warning).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const INCUMBENT_PACKAGE = "@sentry/mcp-server";
export const INCUMBENT_VERSION = "0.39.0";

export type IncumbentInstall = { ok: true; entry: string } | { ok: false; reason: string };

async function installedVersion(prefix: string): Promise<string | null> {
  const manifest = path.join(prefix, "node_modules", INCUMBENT_PACKAGE, "package.json");
  if (!existsSync(manifest)) return null;
  try {
    return (JSON.parse(await readFile(manifest, "utf8")) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/** The incumbent's CLI entry, installing it first when the cache does not hold the version. */
export async function ensureIncumbent(root: string): Promise<IncumbentInstall> {
  const prefix = path.join(root, ".cache", "incumbent");
  const entry = path.join(prefix, "node_modules", INCUMBENT_PACKAGE, "dist", "index.js");
  if ((await installedVersion(prefix)) === INCUMBENT_VERSION && existsSync(entry)) {
    return { ok: true, entry };
  }
  process.stderr.write(
    `bench: installing ${INCUMBENT_PACKAGE}@${INCUMBENT_VERSION} into ${prefix}\n`,
  );
  try {
    await run(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        `${INCUMBENT_PACKAGE}@${INCUMBENT_VERSION}`,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
      ],
      { cwd: root, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 },
    );
  } catch (error) {
    const message =
      (error as { stderr?: string; message: string }).stderr || (error as Error).message;
    const lines = message.split("\n").map((l) => l.replace(/^npm error\s*/, "").trim());
    const detail = lines.find((l) => /^(code|FetchError|E[A-Z]+\b)/.test(l)) ?? lines[0];
    return { ok: false, reason: `npm install failed: ${detail.slice(0, 200)}` };
  }
  if ((await installedVersion(prefix)) !== INCUMBENT_VERSION || !existsSync(entry)) {
    return { ok: false, reason: `npm install did not produce ${entry}` };
  }
  return { ok: true, entry };
}
