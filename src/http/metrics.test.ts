import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics.js";

describe("metrics exposition", () => {
  it('writes plain label values as they are and escapes \\, " and newlines', () => {
    const metrics = createMetrics();
    metrics.request("POST", "/mcp", 200, 0.02);
    metrics.request("POST", "/mcp", 200, 0.3);
    metrics.toolCall('we"ird\\na\nme', "error");
    const text = metrics.render();
    expect(text).toContain(
      'sentry_mcp_http_requests_total{method="POST",route="/mcp",status="200"} 2',
    );
    expect(text).toContain(
      'sentry_mcp_http_request_duration_seconds_bucket{route="/mcp",le="0.025"} 1',
    );
    expect(text).toContain('sentry_mcp_http_request_duration_seconds_count{route="/mcp"} 2');
    expect(text).toContain(
      'sentry_mcp_tool_calls_total{tool="we\\"ird\\\\na\\nme",outcome="error"} 1',
    );
    expect(text).toContain('sentry_mcp_errors_total{kind="tool_error"} 1');
  });
});
