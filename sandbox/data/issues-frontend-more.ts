/** Seed: more acme/frontend issues (resolved, performance, no stack traces, archived). */

import { reactFrames } from "./issues-frontend.js";
import type { IssueSeed } from "./seed-types.js";
import { spansEntry } from "./spans.js";
import { DAY, HOUR, MINUTE } from "./util.js";

export function frontendMoreIssues(now: Date): IssueSeed[] {
  const t = now.getTime();
  return [
    {
      id: "6100000205",
      shortId: "FRONTEND-2E",
      project: "frontend",
      title:
        "Error: Hydration failed because the initial UI does not match what was rendered on the server.",
      culprit: "hydrateRoot(src/entry-client.tsx)",
      level: "error",
      status: "resolved",
      substatus: null,
      statusDetails: { inRelease: "frontend@5.9.1" },
      priority: "low",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "Error",
        value:
          "Hydration failed because the initial UI does not match what was rendered on the server.",
      },
      count: 640,
      userCount: 402,
      firstSeenAgo: 30 * DAY,
      lastSeenAgo: 2 * DAY,
      environments: ["production", "preview"],
      releases: ["frontend@5.8.0"],
      events: 2,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "Error",
            value:
              "Hydration failed because the initial UI does not match what was rendered on the server.",
            handled: true,
            mechanism: "react",
            frames: reactFrames([
              {
                file: "./src/entry-client.tsx",
                absPath: "webpack:///./src/entry-client.tsx",
                fn: "hydrateRoot",
                module: "src/entry-client",
                line: 12,
                col: 3,
                inApp: true,
                code: [
                  'const root = document.getElementById("root")!;',
                  "hydrateRoot(root, <App now={Date.now()} />);",
                  "",
                ],
              },
            ]),
          },
        ],
        context: null,
      },
    },
    {
      id: "6100000206",
      shortId: "FRONTEND-2F",
      project: "frontend",
      title: "Large Render Blocking Asset",
      culprit: "/checkout",
      level: "warning",
      status: "unresolved",
      substatus: "ongoing",
      priority: "low",
      type: "transaction",
      issueType: "performance_render_blocking_asset_span",
      issueCategory: "performance",
      metadata: {
        title: "Large Render Blocking Asset",
        location: "/checkout",
        value: "https://app.acme.example/assets/vendor-charts.3f9a.css",
      },
      count: 1290,
      userCount: 760,
      firstSeenAgo: 15 * DAY,
      lastSeenAgo: 3 * HOUR,
      environments: ["production"],
      releases: ["frontend@5.9.1"],
      events: 2,
      event: {
        kind: "transaction",
        transaction: { op: "pageload", durationMs: 2410 },
        extraEntries: [
          spansEntry("6100000206", t - 3 * HOUR, [
            ["5b4a39281706f5e0", null, "pageload", "/checkout", 0, 2410],
            [
              "5b4a39281706f5e1",
              "5b4a39281706f5e0",
              "resource.link",
              "https://app.acme.example/assets/vendor-charts.3f9a.css",
              80,
              1460,
            ],
          ]),
        ],
        occurrence: {
          type: 1004,
          subtitle: "https://app.acme.example/assets/vendor-charts.3f9a.css",
          evidenceData: {
            op: "resource.link",
            transactionName: "/checkout",
            parentSpanIds: ["5b4a39281706f5e0"],
            offenderSpanIds: ["5b4a39281706f5e1"],
            fcp: 1920.4,
          },
          evidenceDisplay: [
            {
              name: "Slow Resource Span",
              value: "vendor-charts.3f9a.css (1.46s, 412 KiB)",
              important: true,
            },
          ],
        },
        context: null,
      },
    },
    {
      id: "6100000207",
      shortId: "FRONTEND-2G",
      project: "frontend",
      title:
        "UnhandledRejection: Non-Error promise rejection captured with value: Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
      culprit: "",
      level: "error",
      status: "ignored",
      substatus: "archived_until_condition_met",
      statusDetails: { ignoreCount: 1000 },
      priority: "low",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "UnhandledRejection",
        value:
          "Non-Error promise rejection captured with value: Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
      },
      count: 770,
      userCount: 530,
      firstSeenAgo: 50 * DAY,
      lastSeenAgo: 7 * HOUR,
      isUnhandled: true,
      environments: ["production"],
      releases: ["frontend@5.8.0", "frontend@5.9.1"],
      events: 2,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "UnhandledRejection",
            value:
              "Non-Error promise rejection captured with value: Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
            mechanism: "onunhandledrejection",
            handled: false,
            frames: null,
          },
        ],
        context: {
          __serialized__: "Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
        },
      },
    },
    {
      id: "6100000208",
      shortId: "FRONTEND-2H",
      project: "frontend",
      title: "SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
      culprit: "parseResponse(src/api/client.ts)",
      level: "error",
      status: "unresolved",
      substatus: "regressed",
      priority: "medium",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "SyntaxError",
        value: "Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
        filename: "./src/api/client.ts",
        function: "parseResponse",
      },
      count: 388,
      userCount: 97,
      firstSeenAgo: 27 * DAY,
      lastSeenAgo: 55 * MINUTE,
      isUnhandled: false,
      environments: ["production", "staging"],
      releases: ["frontend@5.8.0", "frontend@5.9.1"],
      events: 3,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "SyntaxError",
            value: "Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON",
            mechanism: "generic",
            handled: true,
            frames: [
              {
                file: "./src/api/client.ts",
                absPath: "webpack:///./src/api/client.ts",
                fn: "request",
                module: "src/api/client",
                line: 41,
                col: 12,
                inApp: true,
                code: [
                  "  const res = await fetch(url, init);",
                  "  return parseResponse<T>(res);",
                  "}",
                ],
              },
              {
                file: "./src/api/client.ts",
                absPath: "webpack:///./src/api/client.ts",
                fn: "parseResponse",
                module: "src/api/client",
                line: 18,
                col: 20,
                inApp: true,
                code: [
                  "async function parseResponse<T>(res: Response): Promise<T> {",
                  "  // the CDN answers 504s with an HTML error page",
                  "  return (await res.json()) as T;",
                  "}",
                ],
              },
            ],
          },
        ],
        breadcrumbs: [
          {
            secondsBefore: 1,
            type: "http",
            category: "xhr",
            level: "error",
            message: null,
            data: {
              method: "GET",
              url: "https://api.acme.example/api/v2/notifications/",
              status_code: 504,
            },
          },
        ],
        context: null,
      },
    },
    {
      id: "6100000209",
      shortId: "FRONTEND-2J",
      project: "frontend",
      title: "Error: ResizeObserver loop completed with undelivered notifications.",
      culprit: "?(src/components/Chart.tsx)",
      level: "warning",
      status: "unresolved",
      substatus: "ongoing",
      priority: "low",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "Error",
        value: "ResizeObserver loop completed with undelivered notifications.",
      },
      count: 25400,
      userCount: 7100,
      firstSeenAgo: 70 * DAY,
      lastSeenAgo: 1 * MINUTE,
      environments: ["production", "preview"],
      releases: ["frontend@5.9.1"],
      events: 1,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "Error",
            value: "ResizeObserver loop completed with undelivered notifications.",
            mechanism: "onerror",
            handled: false,
            frames: null,
          },
        ],
        context: null,
      },
    },
  ];
}
