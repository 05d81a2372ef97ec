/**
 * Runnable entry: `node dist/sandbox/main.js [--port 8765] [--host 127.0.0.1] [--token T]
 * [--delay-ms N] [--now ISO] [--admin]`. Prints the URL and token to stderr and serves until
 * killed. `--admin` mounts fault injection at /__sandbox/faults (see faults.ts).
 */

import { pathToFileURL } from "node:url";
import {
  DEFAULT_SANDBOX_TOKEN,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
} from "./server.js";

export interface SandboxCliIo {
  log(line: string): void;
}

const USAGE =
  "usage: sandbox [--port N] [--host H] [--token T]... [--delay-ms N] [--now ISO-8601] [--admin]";

export function parseSandboxArgs(argv: string[]): SandboxOptions {
  const opts: SandboxOptions = { port: 8765 };
  const tokens: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const int = (name: string): number => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
      return n;
    };
    switch (flag) {
      case "--port":
      case "-p":
        opts.port = int("--port");
        break;
      case "--host":
        opts.host = value();
        break;
      case "--token":
        tokens.push(value());
        break;
      case "--delay-ms":
        opts.delayMs = int("--delay-ms");
        break;
      case "--admin":
        opts.admin = true;
        break;
      case "--now": {
        const d = new Date(value());
        if (Number.isNaN(d.getTime())) throw new Error("--now must be an ISO 8601 timestamp");
        opts.now = d;
        break;
      }
      default:
        throw new Error(`unknown argument: ${arg}\n${USAGE}`);
    }
  }
  if (tokens.length > 0) opts.tokens = tokens;
  return opts;
}

/** Starts the sandbox from CLI arguments and reports where it listens. */
export async function runSandboxCli(
  argv: string[],
  io: SandboxCliIo = { log: (line) => process.stderr.write(`${line}\n`) },
): Promise<Sandbox> {
  const opts = parseSandboxArgs(argv);
  const sandbox = await startSandbox(opts);
  const token = opts.tokens?.[0] ?? DEFAULT_SANDBOX_TOKEN;
  io.log(`Sentry sandbox listening on ${sandbox.url}`);
  io.log(`  SENTRY_HOST=${sandbox.host}`);
  io.log(`  SENTRY_URL=${sandbox.url}`);
  io.log(`  SENTRY_ACCESS_TOKEN=${token}`);
  io.log("  organizations: acme, globex");
  return sandbox;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  runSandboxCli(process.argv.slice(2)).then(
    (sandbox) => {
      const stop = () => {
        sandbox.close().finally(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(2);
    },
  );
}
