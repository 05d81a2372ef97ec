import type { Context } from "hono";

/** Pins a client chose by the path it connected to: `/mcp/{org}/{project}`. */
export interface PathPins {
  organizationSlug?: string;
  projectSlug?: string;
}

const SLUG = /^[A-Za-z0-9_.-]{1,100}$/;

export function isSlug(value: string): boolean {
  return SLUG.test(value);
}

/** This server's external origin: `--public-url` when set, otherwise the request's own. */
export function baseUrlOf(c: Context, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const url = new URL(c.req.url);
  return `${url.protocol}//${c.req.header("host") ?? url.host}`;
}

function pinPath(pins: PathPins): string {
  let path = "/mcp";
  if (pins.organizationSlug) path += `/${encodeURIComponent(pins.organizationSlug)}`;
  if (pins.organizationSlug && pins.projectSlug) path += `/${encodeURIComponent(pins.projectSlug)}`;
  return path;
}

/** The RFC 8707 resource indicator of an MCP endpoint. */
export function resourceUrl(base: string, pins: PathPins = {}): string {
  return `${base}${pinPath(pins)}`;
}

/** RFC 9728 metadata URL for an MCP endpoint (path-specific). */
export function resourceMetadataUrl(base: string, pins: PathPins = {}): string {
  return `${base}/.well-known/oauth-protected-resource${pinPath(pins)}`;
}

/**
 * A `resource` parameter → the pins it names, or null when it is not one of our MCP endpoints.
 * Accepts this server's origin (unpinned) and `/mcp[/org[/project]]`; query strings are ignored.
 */
export function parseResource(base: string, resource: string): PathPins | null {
  let url: URL;
  let ours: URL;
  try {
    url = new URL(resource);
    ours = new URL(base);
  } catch {
    return null;
  }
  if (url.hash || url.username || url.password) return null;
  if (url.protocol !== ours.protocol || url.host !== ours.host) return null;
  const path = url.pathname.replace(/\/+$/, "");
  if (path === "") return {};
  const parts = path.split("/").slice(1).map(decodeURIComponent);
  if (parts[0] !== "mcp" || parts.length > 3) return null;
  const [, org, project] = parts;
  if ((org !== undefined && !isSlug(org)) || (project !== undefined && !isSlug(project)))
    return null;
  return { organizationSlug: org, projectSlug: project };
}
