/**
 * The npm package as users get it: `npm pack` the built project, install the tarball into an
 * empty directory, and run `npx sentry-mcp-lite --help` (and a `--demo` command) from there. Then
 * the README's client command lines, as written with the path filled in, through the MCP client.
 *
 * The install is offline: the empty project gets a package-lock.json made of this project's own
 * (its production part), so `npm ci --offline` needs only the tarballs that installing this
 * project left in the npm cache, never the registry. It runs with `--ignore-scripts` because the
 * one install script, better-sqlite3's native build, is slow and only used by
 * `serve --store=sqlite:`. Under CI=true the offline install must succeed. Elsewhere (this
 * checkout's node_modules came from another npm cache), the test installs the way npm would
 * without resolving dependencies: it unpacks the tarball, links this checkout's node_modules and
 * makes the bin an executable link in node_modules/.bin; it prints one line saying so.
 */

import { execFile } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/config.js";
import { requireService } from "./services.js";

const run = promisify(execFile);
const ROOT = new URL("..", import.meta.url).pathname;
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

let work: string;
let tarball: string;
let app: string;
let files: string[];

/** The empty project's package.json and package-lock.json: the tarball plus this project's tree. */
function writeAppProject(tarballName: string) {
  const spec = `file:../${tarballName}`;
  const lock = JSON.parse(read("package-lock.json")) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const packages: Record<string, unknown> = {
    "": { name: "pack-check", dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith("node_modules/") && !entry.dev) packages[path] = entry;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(
    join(app, "package.json"),
    json({ name: "pack-check", private: true, dependencies: { [pkg.name]: spec } }),
  );
  writeFileSync(
    join(app, "package-lock.json"),
    json({ name: "pack-check", lockfileVersion: 3, requires: true, packages }),
  );
}

/** What npm does for a dependency, minus resolving its dependencies (they are linked). */
async function installByHand() {
  const dir = join(app, "node_modules", pkg.name);
  mkdirSync(dir, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", dir, "--strip-components=1"]);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const bin = join(app, "node_modules", ".bin");
  mkdirSync(bin);
  for (const [name, target] of Object.entries(pkg.bin)) {
    const file = join(dir, target);
    chmodSync(file, statSync(file).mode | 0o111);
    symlinkSync(relative(bin, file), join(bin, name));
  }
}

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
  tarball = join(work, info.filename);

  app = join(work, "app");
  mkdirSync(app);
  writeAppProject(info.filename);
  try {
    await run("npm", ["ci", "--no-audit", "--no-fund", "--offline", "--ignore-scripts"], {
      cwd: app,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { message, stderr } = error as Error & { stderr?: string };
    const npmSaid = [...(stderr ?? "").matchAll(/^npm error (.+)$/gm)].map((m) => m[1]);
    const reason = npmSaid.slice(0, 2).join(": ") || message.split("\n")[0];
    if (process.env.CI === "true") throw new Error(`CI=true: offline install failed: ${reason}`);
    console.warn(
      `pack.test: the offline install failed (${reason}), so dependencies come from this checkout's node_modules instead`,
    );
    await installByHand();
  }
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
}, 120_000);

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
    // The bundled CLI's source maps, for stack traces under --enable-source-maps.
    expect(files).toContain(`${pkg.bin["sentry-mcp"]}.map`);
    const stray = files.filter(
      (f) =>
        !/^(package\.json|README\.md|LICENSE)$/.test(f) &&
        !/^dist\/(src|sandbox)\/.+\.js$/.test(f) &&
        !/^dist\/src\/cli\/.+\.js\.map$/.test(f),
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
  }, 60_000);
});

/** Every client's command line in the README's "Use it with your Sentry" section. */
function readmeCommands(): string[][] {
  const section = read("README.md")
    .split(/^## /m)
    .find((s) => s.startsWith("Use it with your Sentry\n"));
  const commands: string[][] = [];
  for (const [, lang, body] of section?.matchAll(/```(\w+)\n([\s\S]*?)```/g) ?? []) {
    if (lang === "sh")
      for (const [, line] of body.matchAll(/^\s*claude mcp add .* -- (.+)$/gm))
        commands.push(line.trim().split(/\s+/));
    if (lang === "json") {
      const config = JSON.parse(body);
      const server = (config.mcpServers ?? config.servers ?? config.context_servers).sentry;
      commands.push([server.command, ...server.args]);
    }
    if (lang === "toml") {
      const value = (key: string) => JSON.parse(body.match(new RegExp(`^${key} = (.+)$`, "m"))![1]);
      commands.push([value("command"), ...value("args")]);
    }
  }
  return commands;
}

const FROM_CHECKOUT = ["node", `/path/to/${pkg.name}/${pkg.bin["sentry-mcp"]}`];
const FROM_TARBALL = ["npx", "-y", `file:/path/to/${pkg.name}-${pkg.version}.tgz`];
const npmRegistry = await requireService(
  "npmRegistry",
  "README's tarball command (npx installs its dependencies from the registry)",
);

/** Starts `command --demo` as an MCP client would and calls whoami; `startup` covers an install. */
async function whoamiThrough(
  command: string[],
  env: Record<string, string> = {},
  startup = 30_000,
) {
  const transport = new StdioClientTransport({
    command: command[0],
    args: [...command.slice(1), "--demo"],
    env: { ...(process.env as Record<string, string>), SENTRY_ACCESS_TOKEN: "", ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "readme-check", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: startup });
    return await client.callTool({ name: "whoami", arguments: {} });
  } finally {
    await client.close();
  }
}

describe("README client command lines", () => {
  it("are the checkout form in every client's snippet, plus the tarball form", () => {
    const commands = readmeCommands();
    expect(commands.filter((c) => c[0] === "node")).toEqual(Array(5).fill(FROM_CHECKOUT));
    expect(commands.filter((c) => c[0] !== "node")).toEqual([FROM_TARBALL]);
  });

  it("from a checkout: runs as written with the path filled in", async () => {
    const [node, script] = FROM_CHECKOUT;
    const result = await whoamiThrough([node, script.replace(`/path/to/${pkg.name}/`, ROOT)]);
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain("Dana Reyes");
  }, 60_000);

  // A fresh npm cache, as on a machine that never installed it; scripts off as above.
  it.skipIf(!npmRegistry)(
    "from a packed tarball: runs as written with the path filled in",
    async () => {
      const [npx, yes, spec] = FROM_TARBALL;
      const cache = join(work, "npx-cache");
      const result = await whoamiThrough(
        [npx, yes, spec.replace(`/path/to/${pkg.name}-${pkg.version}.tgz`, tarball)],
        { npm_config_cache: cache, npm_config_ignore_scripts: "true" },
        280_000,
      );
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain("Dana Reyes");
    },
    300_000,
  );
});
