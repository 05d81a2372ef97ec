/**
 * The one place that decides whether a test needing a system service runs. A present service
 * runs its tests. A missing one skips them with one printed line saying what is missing and how
 * to get it, except under CI=true (`.ci/run` installs every service), where it fails the file.
 *
 *   const redis = await requireService("redis", "Redis store tests");  // top of the test file
 *   describe.skipIf(!redis)("…", () => { … });
 */
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

interface Service {
  /** What is missing, as the printed line says it. */
  missing: string;
  /** How to get it. */
  install: string;
  /** Where the service is (a program's path, a URL), or undefined when it is not there. */
  find(): Promise<string | undefined>;
}

/** The full path of `program` in a PATH directory, as a shell would find it. */
export function onPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

const SERVICES = {
  redis: {
    missing: "redis-server is not on PATH",
    install: "apt-get install redis-server",
    find: async () => onPath("redis-server"),
  },
  chromium: {
    missing: "chromium is not on PATH",
    install: "apt-get install chromium",
    find: async () => onPath("chromium"),
  },
  npmRegistry: {
    missing: "the npm registry does not answer `npm ping`",
    install: "connect to the network, or set npm's registry/proxy config",
    find: async () => {
      try {
        await promisify(execFile)("npm", ["ping"], { timeout: 20_000 });
        return "npm registry";
      } catch {
        return undefined;
      }
    },
  },
} satisfies Record<string, Service>;

/**
 * Where `name` is, or undefined when its tests should skip (after printing why). Throws under
 * CI=true when the service is missing, so CI can never pass by skipping.
 */
export async function requireService(
  name: keyof typeof SERVICES,
  tests: string,
): Promise<string | undefined> {
  const service: Service = SERVICES[name];
  const found = await service.find();
  if (found) return found;
  if (process.env.CI === "true")
    throw new Error(`CI=true and ${service.missing}: install it (${service.install})`);
  console.warn(`SKIPPED ${tests}: ${service.missing} (to run it: ${service.install})`);
  return undefined;
}
