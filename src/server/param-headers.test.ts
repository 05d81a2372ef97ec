import type { Tool } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import {
  annotateParamHeaders,
  declaredParamHeaders,
  paramHeaderMismatch,
} from "./param-headers.js";

const tool = (properties: Record<string, object>): Tool => ({
  name: "find_projects",
  inputSchema: { type: "object", properties } as Tool["inputSchema"],
});
const declared = { organizationSlug: "Organization" };
const headers = (value?: string) =>
  new Headers(value === undefined ? {} : { "Mcp-Param-Organization": value });

describe("x-mcp-header", () => {
  it("marks organizationSlug where a listed tool has it, and nothing else", () => {
    const listed = annotateParamHeaders(tool({ organizationSlug: { type: "string" }, q: {} }));
    expect(listed.inputSchema.properties).toEqual({
      organizationSlug: { type: "string", "x-mcp-header": "Organization" },
      q: {},
    });
    expect(declaredParamHeaders(listed)).toEqual(declared);
    const pinned = tool({ q: {} });
    expect(annotateParamHeaders(pinned)).toBe(pinned);
    expect(declaredParamHeaders(pinned)).toEqual({});
    expect(declaredParamHeaders(undefined)).toEqual({});
  });

  it("accepts matching headers: literal (trimmed) or Base64", () => {
    const args = { organizationSlug: "acme" };
    expect(paramHeaderMismatch(declared, args, headers("acme"))).toBeUndefined();
    expect(paramHeaderMismatch(declared, args, headers("  acme "))).toBeUndefined();
    expect(paramHeaderMismatch(declared, args, headers("=?base64?YWNtZQ==?="))).toBeUndefined();
    expect(paramHeaderMismatch(declared, {}, headers())).toBeUndefined();
  });

  it("rejects a missing, different, badly encoded or unexpected header", () => {
    const args = { organizationSlug: "acme" };
    expect(paramHeaderMismatch(declared, args, headers())).toBe(
      "Mcp-Param-Organization is missing for argument organizationSlug",
    );
    expect(paramHeaderMismatch(declared, args, headers("globex"))).toBe(
      "Mcp-Param-Organization does not match argument organizationSlug",
    );
    expect(paramHeaderMismatch(declared, args, headers("=?base64?YWNtZQ?="))).toBe(
      "Mcp-Param-Organization is not valid Base64",
    );
    expect(paramHeaderMismatch(declared, {}, headers("acme"))).toBe(
      "Mcp-Param-Organization is set but argument organizationSlug is absent",
    );
  });
});
