import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Config } from "../config.js";
import { createHttpApp } from "./app.js";

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP MCP server; resolves once it listens. */
export function startHttpServer(config: Config, options: { port?: number; bind: string; fetch?: typeof fetch }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const allowedHosts = new Set<string>();
    const app = createHttpApp({ config, allowedHosts, fetch: options.fetch });
    const server = serve({ fetch: (req) => app.fetch(req), port: options.port ?? 0, hostname: options.bind }, (info: AddressInfo) => {
      const hostPart = options.bind.includes(":") ? `[${options.bind}]` : options.bind;
      for (const h of [`${hostPart}:${info.port}`, `localhost:${info.port}`, `127.0.0.1:${info.port}`]) allowedHosts.add(h);
      resolve({
        url: `http://${hostPart}:${info.port}/mcp`,
        port: info.port,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
    server.on("error", reject);
  });
}
