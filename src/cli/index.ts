#!/usr/bin/env node
// First: V8 settings that must precede loading (and allocating) everything else.
import "./v8-settings.js";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { agentSecrets } from "../agents/settings.js";
import type { Config } from "../config.js";
import { VERSION } from "../config.js";
import { isToolError } from "../errors.js";
import { createLogger } from "../log.js";
import { createSession, lookupCapabilities } from "../server/session.js";
import { initTelemetry, reportFatal, withConnectSpan } from "../telemetry/index.js";
import { HELP, parseCli } from "./args.js";
import { onShutdown } from "./shutdown.js";
import { useServiceSettings } from "./v8-settings.js";
import { warmUpDuringFirstRequest } from "./warm-up.js";

const DEMO_TOKEN = "demo-sandbox-token";

/** Starts the embedded sandbox and points the config at it. */
async function withDemo(config: Config): Promise<{ config: Config; close(): Promise<void> }> {
  const { startSandbox } = await import("../../sandbox/server.js");
  // No request log: a demo server may run (and be load-tested) for a long time.
  const sandbox = await startSandbox({ port: 0, tokens: [DEMO_TOKEN], recordRequests: false });
  return {
    config: {
      ...config,
      sentryUrl: sandbox.url,
      accessToken: DEMO_TOKEN,
      organizationSlug: config.organizationSlug,
      // The sandbox also serves a small docs site and search (sandbox/routes/docs.ts).
      docs: { searchUrl: `${sandbox.url}/api/search`, baseUrl: `${sandbox.url}/docs` },
    },
    close: () => sandbox.close(),
  };
}

async function main(argv: string[]): Promise<void> {
  const log = createLogger(process.env.LOG_LEVEL);
  const options = parseCli(argv, process.env);
  if (options.command === "help") {
    process.stdout.write(HELP);
    return;
  }
  if (options.command === "version") {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  if (options.command === "sandbox") {
    useServiceSettings();
    const { startSandbox } = await import("../../sandbox/server.js");
    const sandbox = await startSandbox({ port: options.port ?? 8765, host: options.bind });
    process.stderr.write(`Sandbox Sentry API at ${sandbox.url} (token: sandbox-token)\n`);
    return;
  }
  if (options.command === "auth") {
    const { runAuth } = await import("./auth.js");
    process.exitCode = await runAuth(options, process.env);
    return;
  }
  let config = options.config;
  if (options.savedLogin)
    config = await (await import("./auth.js")).useSavedLogin(config, process.env);
  if ((options.command === "tools" || options.command === "call") && options.terminal) {
    const demo = options.demo ? await withDemo(config) : undefined;
    try {
      const run =
        options.command === "call"
          ? (await import("./call.js")).runCall
          : (await import("./tools-command.js")).runTools;
      process.exitCode = await run(demo?.config ?? config, options.terminal);
    } finally {
      await demo?.close();
    }
    return;
  }
  await initTelemetry({
    dsn: config.sentryDsn,
    transport: options.command === "serve" ? "http" : "stdio",
    accessToken: config.accessToken,
    secrets: [
      options.serve?.oauthClientSecret,
      options.serve?.metricsToken,
      options.serve?.encryptionKey,
      ...agentSecrets(config.agent),
    ],
    log,
  });
  if (config.agent.notice) process.stderr.write(`sentry-mcp: ${config.agent.notice}\n`);
  const demo = options.demo ? await withDemo(config) : undefined;
  if (demo) config = demo.config;

  if (options.command === "serve") {
    useServiceSettings();
    const { startHttpServer } = await import("../http/serve.js");
    const flags = options.serve;
    let upstream =
      flags?.oauthClientId && flags.oauthClientSecret
        ? { clientId: flags.oauthClientId, clientSecret: flags.oauthClientSecret }
        : undefined;
    if (flags?.demoOAuth) {
      const { SANDBOX_OAUTH_CLIENT } = await import("../../sandbox/data/oauth.js");
      upstream = {
        clientId: SANDBOX_OAUTH_CLIENT.clientId,
        clientSecret: SANDBOX_OAUTH_CLIENT.clientSecret,
      };
    }
    const server = await startHttpServer(config, {
      port: options.port ?? 6420,
      bind: options.bind,
      publicUrl: flags?.publicUrl,
      store: flags?.store,
      encryptionKey: flags?.encryptionKey,
      trustProxy: flags?.trustProxy,
      rateLimits: {
        ...(flags?.rateLimitIp === undefined ? {} : { perIp: flags.rateLimitIp }),
        ...(flags?.rateLimitUser === undefined ? {} : { perUser: flags.rateLimitUser }),
      },
      bodyLimits: {
        ...(flags?.maxBodyMcp === undefined ? {} : { mcp: flags.maxBodyMcp }),
        ...(flags?.maxBodyOauth === undefined ? {} : { oauth: flags.maxBodyOauth }),
      },
      insecurePublicUrl: flags?.insecurePublicUrl,
      upstream,
      metricsToken: flags?.metricsToken,
      log,
    });
    onShutdown(() => Promise.allSettled([server.close(), demo?.close()]));
    process.stderr.write(
      [
        `Sentry MCP server listening at ${server.url}${options.demo ? " (demo: embedded sandbox, organization acme)" : ""}`,
        `Add it to Claude Code:  claude mcp add --transport http sentry ${server.url}`,
        ...(flags?.demoOAuth
          ? ["OAuth demo: sign in at the sandbox as dana.reyes@acme.example / sandbox"]
          : []),
        "",
      ].join("\n"),
    );
    return;
  }

  // Both revisions on one pipe: the SDK picks the era from the opening message (initialize for
  // 2025, server/discover or an enveloped request for 2026-07-28) and asks this factory for the
  // server (a discover probe may ask once more, so the project lookup is shared).
  let capabilities: ReturnType<typeof lookupCapabilities> | undefined;
  warmUpDuringFirstRequest();
  const stdio = await withConnectSpan("stdio", async () =>
    serveStdio(
      async () =>
        (
          await createSession(config, {
            capabilities: (client, org, project) => {
              capabilities ??= lookupCapabilities(client, org, project);
              return capabilities;
            },
          })
        ).server,
      { onerror: (error) => log.debug("stdio protocol error", { error: error.message }) },
    ),
  );
  log.debug("stdio server ready", { sentryUrl: config.sentryUrl });
  // The client closing stdin ends the session; the embedded sandbox must not keep us alive,
  // and what telemetry has queued (an error the last tool call reported) is sent first.
  const shutdown = onShutdown(() => Promise.allSettled([stdio.close(), demo?.close()]));
  process.stdin.once("end", () => shutdown(0));
}

main(process.argv.slice(2)).catch(async (error) => {
  if (isToolError(error)) {
    process.stderr.write(`sentry-mcp: ${error.message}\n`);
  } else {
    process.stderr.write(`sentry-mcp: ${(error as Error)?.message ?? String(error)}\n`);
  }
  await reportFatal(error);
  process.exit(1);
});
