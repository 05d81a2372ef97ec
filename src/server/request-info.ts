import type { Server, ServerContext } from "@modelcontextprotocol/server";

const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";

/** The client's name and version: from a 2026-07-28 request's envelope, or from `initialize`. */
export function clientOf(server: Server, extra: ServerContext) {
  const envelope = extra.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = envelope?.[CLIENT_INFO_KEY] as { name: string; version: string } | undefined;
  return info ?? server.getClientVersion();
}

/** What tool and prompt spans read from the request: id, session, HTTP headers and URL. */
export function spanExtra(extra: ServerContext) {
  const req = extra.http?.req;
  let url: URL | undefined;
  try {
    url = req?.url ? new URL(req.url) : undefined;
  } catch {
    url = undefined;
  }
  return {
    requestId: extra.mcpReq.id,
    sessionId: extra.sessionId,
    requestInfo: req ? { headers: Object.fromEntries(req.headers.entries()), url } : undefined,
  };
}
