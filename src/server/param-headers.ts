/**
 * `x-mcp-header` (2026-07-28): a tool's input schema may ask clients to mirror an argument into an
 * `Mcp-Param-{Name}` HTTP header, so proxies and gateways can route or limit by it without reading
 * the body. We declare the organization: it decides the Sentry region and is the natural key for
 * per-tenant limits. Only 2026-07-28 listings carry the annotation (older clients ignore it, and
 * their tools/list stays as small as before); the HTTP service rejects a call whose headers do not
 * match its arguments, as the revision requires.
 */
import type { Tool } from "@modelcontextprotocol/server";

/** argument → header name suffix (`Mcp-Param-Organization`). */
export const PARAM_HEADERS: Readonly<Record<string, string>> = { organizationSlug: "Organization" };

type Properties = Record<string, Record<string, unknown>>;

/** The listed tool with `x-mcp-header` on each declared argument it has. */
export function annotateParamHeaders(tool: Tool): Tool {
  const properties = tool.inputSchema.properties as Properties | undefined;
  if (!properties || !Object.keys(PARAM_HEADERS).some((name) => name in properties)) return tool;
  const annotated: Properties = { ...properties };
  for (const [name, header] of Object.entries(PARAM_HEADERS)) {
    if (annotated[name]) annotated[name] = { ...annotated[name], "x-mcp-header": header };
  }
  const inputSchema = { ...tool.inputSchema, properties: annotated } as Tool["inputSchema"];
  return { ...tool, inputSchema };
}

/** argument → header suffix, for the declared arguments this listed tool has. */
export function declaredParamHeaders(tool: Tool | undefined): Record<string, string> {
  const properties = (tool?.inputSchema.properties ?? {}) as Properties;
  return Object.fromEntries(Object.entries(PARAM_HEADERS).filter(([name]) => name in properties));
}

const BASE64 = /^=\?base64\?(.*)\?=$/;
const BASE64_BODY = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header value as sent: literal, or `=?base64?...?=` for values HTTP cannot carry. */
function decodeHeader(raw: string): string | undefined {
  const value = raw.trim();
  const encoded = BASE64.exec(value);
  if (!encoded) return value;
  if (!BASE64_BODY.test(encoded[1])) return undefined;
  return Buffer.from(encoded[1], "base64").toString("utf8");
}

/**
 * Why the `Mcp-Param-*` headers of a tools/call do not match its arguments, or undefined when they
 * do. An argument that is present must have its header with the same value; an absent (or null)
 * one must not.
 */
export function paramHeaderMismatch(
  declared: Record<string, string>,
  args: Record<string, unknown> | undefined,
  headers: Headers,
): string | undefined {
  for (const [name, suffix] of Object.entries(declared)) {
    const header = `Mcp-Param-${suffix}`;
    const sent = headers.get(header);
    const value = args?.[name];
    if (value === undefined || value === null) {
      if (sent !== null) return `${header} is set but argument ${name} is absent`;
      continue;
    }
    if (sent === null) return `${header} is missing for argument ${name}`;
    const decoded = decodeHeader(sent);
    if (decoded === undefined) return `${header} is not valid Base64`;
    if (decoded !== String(value)) return `${header} does not match argument ${name}`;
  }
  return undefined;
}
