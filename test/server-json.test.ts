/**
 * server.json (the MCP registry entry) against the registry's rules and this package: the same
 * name and version as package.json, and only environment variables the CLI really reads.
 */

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HELP } from "../src/cli/args.js";
import { VERSION } from "../src/config.js";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const server = read("../server.json");
const pkg = read("../package.json");

describe("server.json", () => {
  it("follows the registry's server.json rules", () => {
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/,
    );
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.description.length).toBeGreaterThan(0);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(server.packages).toHaveLength(1);
    const [npm] = server.packages;
    expect(Object.keys(npm).sort()).toEqual(
      [
        "environmentVariables",
        "identifier",
        "registryBaseUrl",
        "registryType",
        "runtimeHint",
        "transport",
        "version",
      ].sort(),
    );
    expect(npm).toMatchObject({
      registryType: "npm",
      registryBaseUrl: "https://registry.npmjs.org",
      transport: { type: "stdio" },
    });
    for (const variable of npm.environmentVariables) {
      expect(
        Object.keys(variable).every((k) =>
          ["name", "description", "isRequired", "isSecret", "default", "format"].includes(k),
        ),
      ).toBe(true);
    }
  });

  it("describes this package: its name, version and the variables the CLI reads", () => {
    const [npm] = server.packages;
    expect(npm.identifier).toBe(pkg.name);
    expect(npm.version).toBe(pkg.version);
    expect(server.version).toBe(pkg.version);
    expect(pkg.version).toBe(VERSION);
    for (const { name } of npm.environmentVariables) expect(HELP).toContain(`[${name}`);
    const token = npm.environmentVariables.find(
      (v: { name: string }) => v.name === "SENTRY_ACCESS_TOKEN",
    );
    expect(token).toMatchObject({ isSecret: true });
  });
});
