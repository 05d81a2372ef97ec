/**
 * A tiny fake Sentry API for the telemetry tests: a few routes plus deliberate failures.
 * `/organizations/boom/` answers 500, `/organizations/limited/` 429, any other unknown org 404.
 * Error bodies echo the canaries so the tests prove scrubbing, not just absence.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** Matches no token pattern: only the registered-secret redaction can remove it. */
export const CANARY_TOKEN = "canary-access-token-7f3a9c1e5b";
export const CANARY_LLM_KEY = "sk-canary-llm-key-0123456789abcdef";
export const CANARY_BEARER = "Sentry-Bearer canarybearertoken42";

export interface FakeUpstream {
  url: string;
  host: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeUpstream(token = CANARY_TOKEN): Promise<FakeUpstream> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream");
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(401, { detail: "Invalid token" });
    const path = url.pathname;
    if (path === "/api/0/auth/")
      return send(200, { id: "1", name: "Jane Doe", email: "jane@example.com" });
    if (path === "/api/0/organizations/")
      return send(200, [{ id: "1", slug: "acme", name: "Acme" }]);
    const projects = /^\/api\/0\/organizations\/([^/]+)\/projects\/$/.exec(path);
    if (projects) {
      const org = projects[1];
      if (org === "acme")
        return send(200, [{ id: "2", slug: "backend", name: "Backend", platform: "node" }]);
      if (org === "boom") {
        return send(500, { detail: `kaboom for ${token} ${CANARY_LLM_KEY} ${CANARY_BEARER}` });
      }
      if (org === "limited") return send(429, { detail: "Slow down" }, { "retry-after": "7" });
    }
    return send(404, { detail: "The requested resource does not exist" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
