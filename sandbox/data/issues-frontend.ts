/** Seed: acme/frontend (React) issues. */

import type { BreadcrumbSpec, FrameSpec, IssueSeed, RequestSpec } from "./seed-types.js";
import { DAY, MINUTE } from "./util.js";

const MARKDOWN_TITLE_VALUE =
  "Cannot read property 'x' of undefined in `render()` **bold** # heading — ñandú 🔥";

export const reactFrames = (inApp: FrameSpec[]): FrameSpec[] => [
  {
    file: "./node_modules/react-dom/cjs/react-dom.production.min.js",
    absPath: "webpack:///./node_modules/react-dom/cjs/react-dom.production.min.js",
    fn: "renderWithHooks",
    module: "react-dom/cjs/react-dom.production.min",
    line: 160,
    col: 137,
    inApp: false,
  },
  {
    file: "./node_modules/react-dom/cjs/react-dom.production.min.js",
    absPath: "webpack:///./node_modules/react-dom/cjs/react-dom.production.min.js",
    fn: "updateFunctionComponent",
    module: "react-dom/cjs/react-dom.production.min",
    line: 183,
    col: 221,
    inApp: false,
  },
  ...inApp,
];

const dashboardCrumbs: BreadcrumbSpec[] = [
  {
    secondsBefore: 42,
    type: "navigation",
    category: "navigation",
    level: "info",
    message: null,
    data: { from: "/dashboard", to: "/dashboard/revenue?range=30d" },
  },
  {
    secondsBefore: 40,
    type: "http",
    category: "fetch",
    level: "info",
    message: null,
    data: { method: "GET", url: "/api/v2/reports/revenue/?range=30d", status_code: 200 },
  },
  {
    secondsBefore: 12,
    type: "default",
    category: "ui.click",
    level: "info",
    message: "div.chart-area > svg > g.tooltip-anchor",
  },
  {
    secondsBefore: 3,
    type: "debug",
    category: "console",
    level: "warning",
    message:
      'Warning: Each child in a list should have a unique "key" prop. Check the render method of `ChartTooltip`.',
    data: {
      logger: "console",
      arguments: ['Warning: Each child in a list should have a unique "key" prop.'],
    },
  },
  {
    secondsBefore: 0,
    type: "error",
    category: "console",
    level: "error",
    message: `TypeError: ${MARKDOWN_TITLE_VALUE}`,
  },
];

const browserRequest = (url: string): RequestSpec => ({
  method: "GET",
  url,
  headers: [
    ["Referer", "https://app.acme.example/dashboard"],
    [
      "User-Agent",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    ],
    [
      "Cookie",
      "ajs_user_id=cust_8812; acme_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjdXN0Xzg4MTIifQ.c2lnbmF0dXJl",
    ],
  ],
});

export function frontendIssues(): IssueSeed[] {
  return [
    {
      id: "6100000201",
      shortId: "FRONTEND-2A",
      project: "frontend",
      title: `TypeError: ${MARKDOWN_TITLE_VALUE}`,
      culprit: "ChartTooltip.render(src/components/ChartTooltip.tsx)",
      level: "error",
      status: "unresolved",
      substatus: "ongoing",
      priority: "high",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "TypeError",
        value: MARKDOWN_TITLE_VALUE,
        filename: "./src/components/ChartTooltip.tsx",
        function: "ChartTooltip.render",
        in_app_frame_mix: "mixed",
      },
      count: 4210,
      userCount: 1380,
      firstSeenAgo: 8 * DAY,
      lastSeenAgo: 6 * MINUTE,
      assignee: "user:100003",
      isUnhandled: true,
      numComments: 2,
      seerFixabilityScore: 0.58,
      environments: ["production", "preview"],
      releases: ["frontend@5.8.0", "frontend@5.9.1"],
      events: 4,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "TypeError",
            value: MARKDOWN_TITLE_VALUE,
            mechanism: "onerror",
            handled: false,
            frames: reactFrames([
              {
                file: "./src/pages/RevenueDashboard.tsx",
                absPath: "webpack:///./src/pages/RevenueDashboard.tsx",
                fn: "RevenueDashboard",
                module: "src/pages/RevenueDashboard",
                line: 57,
                col: 11,
                inApp: true,
                code: [
                  "      <Chart series={series}>",
                  "        <ChartTooltip point={hovered} currency={currency} />",
                  "      </Chart>",
                ],
              },
              {
                file: "./src/components/ChartTooltip.tsx",
                absPath: "webpack:///./src/components/ChartTooltip.tsx",
                fn: "ChartTooltip.render",
                module: "src/components/ChartTooltip",
                line: 23,
                col: 34,
                inApp: true,
                code: [
                  "export function ChartTooltip({ point, currency }: Props) {",
                  "  // point is undefined while the chart re-measures after a resize",
                  "  const label = formatMoney(point.x, currency);",
                  '  return <div className="tooltip">{label}</div>;',
                  "}",
                ],
              },
            ]),
          },
        ],
        breadcrumbs: dashboardCrumbs,
        request: browserRequest("https://app.acme.example/dashboard/revenue?range=30d"),
        context: null,
        contexts: { replay: { replay_id: "3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8", type: "default" } },
      },
    },
    {
      id: "6100000202",
      shortId: "FRONTEND-2B",
      project: "frontend",
      title: "ChunkLoadError: Loading chunk 7342 failed.",
      culprit: "requireEnsure(assets/index-4f2a9c)",
      level: "error",
      status: "unresolved",
      substatus: "ongoing",
      priority: "medium",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "ChunkLoadError",
        value:
          "Loading chunk 7342 failed.\n(error: https://app.acme.example/assets/7342.8c1d2e.js)",
        filename: "https://app.acme.example/assets/index-4f2a9c.js",
        function: "requireEnsure",
        in_app_frame_mix: "in-app-only",
      },
      count: 9120,
      userCount: 2301,
      firstSeenAgo: 19 * DAY,
      lastSeenAgo: 18 * MINUTE,
      assignee: "team:web",
      isUnhandled: true,
      environments: ["production"],
      releases: ["frontend@5.8.0", "frontend@5.9.1"],
      events: 3,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "ChunkLoadError",
            value:
              "Loading chunk 7342 failed.\n(error: https://app.acme.example/assets/7342.8c1d2e.js)",
            mechanism: "onunhandledrejection",
            handled: false,
            frames: [
              {
                file: "https://app.acme.example/assets/index-4f2a9c.js",
                fn: "HTMLScriptElement.onScriptComplete",
                module: "assets/index-4f2a9c",
                line: 1,
                col: 48211,
                inApp: true,
              },
              {
                file: "https://app.acme.example/assets/index-4f2a9c.js",
                fn: "requireEnsure",
                module: "assets/index-4f2a9c",
                line: 1,
                col: 47740,
                inApp: true,
              },
            ],
          },
        ],
        breadcrumbs: [
          {
            secondsBefore: 5,
            type: "navigation",
            category: "navigation",
            level: "info",
            message: null,
            data: { from: "/", to: "/settings/billing" },
          },
        ],
        request: browserRequest("https://app.acme.example/settings/billing"),
        context: null,
      },
    },
    {
      id: "6100000203",
      shortId: "FRONTEND-2C",
      project: "frontend",
      title: "Blocked 'script' from 'cdn.tracking-pixel.example'",
      culprit: "script-src-elem",
      level: "error",
      status: "unresolved",
      substatus: "ongoing",
      priority: "low",
      type: "csp",
      issueType: "error",
      issueCategory: "error",
      logger: "csp",
      platform: "other",
      metadata: {
        directive: "script-src-elem",
        uri: "cdn.tracking-pixel.example",
        message: "Blocked 'script' from 'cdn.tracking-pixel.example'",
      },
      count: 18230,
      userCount: 5120,
      firstSeenAgo: 40 * DAY,
      lastSeenAgo: 2 * MINUTE,
      environments: ["production"],
      releases: [],
      events: 2,
      extraTags: [
        { key: "blocked-uri", values: ["https://cdn.tracking-pixel.example/p.js"] },
        { key: "effective-directive", values: ["script-src-elem"] },
      ],
      event: {
        kind: "csp",
        sdk: null,
        message: "Blocked 'script' from 'cdn.tracking-pixel.example'",
        extraEntries: [
          {
            type: "csp",
            data: {
              effective_directive: "script-src-elem",
              blocked_uri: "https://cdn.tracking-pixel.example/p.js",
              document_uri: "https://app.acme.example/checkout?step=payment",
              original_policy:
                "default-src 'self'; script-src 'self' 'nonce-r4nd0m'; report-uri /api/csp-report/",
              referrer: "",
              status_code: 200,
              violated_directive: "script-src-elem",
              source_file: "https://app.acme.example/checkout",
              line_number: 14,
              disposition: "enforce",
            },
          },
        ],
        request: {
          method: "POST",
          url: "https://app.acme.example/checkout",
          query: [["step", "payment"]],
          headers: [
            [
              "User-Agent",
              "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36",
            ],
          ],
        },
      },
    },
    {
      id: "6100000204",
      shortId: "FRONTEND-2D",
      project: "frontend",
      title: "User Feedback: Checkout button does nothing on Safari 18",
      culprit: "User Feedback Widget",
      level: "info",
      status: "unresolved",
      substatus: "new",
      priority: "medium",
      type: "feedback",
      issueType: "feedback",
      issueCategory: "feedback",
      metadata: {
        type: "Feedback",
        title: "User Feedback: Checkout button does nothing on Safari 18",
        value:
          "I click 'Pay now' and nothing happens. Tried twice, card was not charged (I think?).",
        contact_email: "amara@lumenworks.example",
        name: "Amara K.",
        source: "new_feedback_envelope",
      },
      count: 1,
      userCount: 1,
      firstSeenAgo: 90 * MINUTE,
      lastSeenAgo: 90 * MINUTE,
      hasSeen: false,
      environments: ["production"],
      releases: ["frontend@5.9.1"],
      events: 1,
      event: {
        kind: "feedback",
        context: null,
        contexts: {
          feedback: {
            contact_email: "amara@lumenworks.example",
            name: "Amara K.",
            message:
              "I click 'Pay now' and nothing happens. Tried twice, card was not charged (I think?).",
            url: "https://app.acme.example/checkout?step=payment",
            source: "new_feedback_envelope",
            replay_id: "8b2e4d6f1a3c5e7f9b0d2f4a6c8e0a1b",
          },
        },
        occurrence: {
          type: 6001,
          subtitle:
            "I click 'Pay now' and nothing happens. Tried twice, card was not charged (I think?).",
          evidenceData: {
            contact_email: "amara@lumenworks.example",
            message:
              "I click 'Pay now' and nothing happens. Tried twice, card was not charged (I think?).",
            name: "Amara K.",
            source: "new_feedback_envelope",
          },
          evidenceDisplay: [{ name: "source", value: "new_feedback_envelope", important: false }],
        },
      },
    },
  ];
}
