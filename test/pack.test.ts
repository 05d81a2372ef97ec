/**
 * The npm package as users get it: `npm pack` the built project, install the tarball into an
 * empty directory, and run `npx sentry-mcp-lite --help` (and a `--demo` command) from there.
 *
 * The install is offline (`--offline`): every dependency is in this machine's npm cache, and a
 * test must not depend on the registry. It runs with `--ignore-scripts` because the one install
 * script, better-sqlite3's native build, needs the network for its prebuilt binary and is only
 * used by `serve --store=sqlite:`. If the offline install fails anyway (a cold cache), the test
 * falls back to unpacking the tarball and linking this checkout's node_modules, which still
 * checks the packed file list and the bin, but not dependency resolution; it says so on stderr.
 */

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/config.js";

const run = promisify(execFile);
const ROOT = new URL("..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  bin: Record<string, string>;
};

let work: string;
let app: string;
let files: string[];
let installedOffline = true;

beforeAll(async () => {
  readFileSync(join(ROOT, "dist/src/cli/index.js")); // built by `npm test` (pretest)
  work = mkdtempSync(join(tmpdir(), "sentry-mcp-pack-"));
  const packed = await run("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [info] = JSON.parse(packed.stdout) as Array<{
    filename: string;
    files: { path: string }[];
  }>;
  files = info.files.map((f) => f.path);
  const tarball = join(work, info.filename);

  app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), '{ "name": "pack-check", "private": true }\n');
  try {
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--offline", "--ignore-scripts", tarball],
      { cwd: app, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    installedOffline = false;
    process.stderr.write(
      `pack.test: offline install failed (${(error as Error).message.split("\n")[0]}); linking node_modules instead\n`,
    );
    const dir = join(app, "node_modules", pkg.name);
    mkdirSync(dir, { recursive: true });
    await run("tar", ["-xzf", tarball, "-C", dir, "--strip-components=1"]);
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    mkdirSync(join(app, "node_modules", ".bin"));
    for (const [name, target] of Object.entries(pkg.bin))
      symlinkSync(join(dir, target), join(app, "node_modules", ".bin", name));
  }
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const npx = (args: string[]) =>
  run("npx", ["--offline", "--no-install", pkg.name, ...args], {
    cwd: app,
    env: { ...process.env, SENTRY_ACCESS_TOKEN: "", NO_COLOR: "1" },
  });

describe("npm package", () => {
  it("packs only what runs: the built server, the sandbox for --demo, the README", () => {
    expect(files).toContain("package.json");
    expect(files).toContain("README.md");
    expect(files).toContain(pkg.bin["sentry-mcp"]);
    expect(files).toContain("dist/sandbox/server.js");
    const stray = files.filter(
      (f) =>
        !/^(package\.json|README\.md|LICENSE)$/.test(f) && !/^dist\/(src|sandbox)\/.+\.js$/.test(f),
    );
    expect(stray).toEqual([]);
    expect(files.filter((f) => /\.test\.js$|\/contract\//.test(f))).toEqual([]);
  });

  it("npx <package> --help and --version work from the installed tarball", async () => {
    const help = await npx(["--help"]);
    expect(help.stdout).toMatch(/^sentry-mcp: a Model Context Protocol server for Sentry\n/);
    expect(help.stdout).toContain("sentry-mcp auth login|logout|status");
    expect((await npx(["--version"])).stdout).toBe(`${VERSION}\n`);
  }, 60_000);

  it("runs a tool against the bundled sandbox (--demo)", async () => {
    const whoami = await npx(["call", "whoami", "--demo"]);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ name: "Dana Reyes" });
    if (!installedOffline) process.stderr.write("pack.test: dependencies came from the checkout\n");
  }, 60_000);
});
