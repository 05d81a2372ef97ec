/**
 * A small documentation corpus (our own short pages about setting up Sentry) served by the
 * sandbox's docs routes, plus the keyword search behind its `POST /api/search`.
 */

export interface DocPage {
  /** site path with a trailing slash, as docs URLs are written */
  path: string;
  title: string;
  markdown: string;
}

/** A longer page: one section per `Sentry.init()` option. */
function optionsPage(): string {
  const options: Array<[string, string]> = [
    ["dsn", "Where the SDK sends events. Without it, the SDK sends nothing."],
    ["debug", "Prints what the SDK does to the console. Do not leave it on in production."],
    ["release", "The version of your code, e.g. a git SHA. Links errors to commits and deploys."],
    ["environment", "Where the code runs, e.g. production or staging. Defaults to production."],
    ["sampleRate", "The share of error events to send, between 0 and 1. Defaults to 1."],
    ["tracesSampleRate", "The share of transactions to send for tracing, between 0 and 1."],
    [
      "tracesSampler",
      "A function that decides the sample rate per transaction; wins over tracesSampleRate.",
    ],
    ["maxBreadcrumbs", "How many breadcrumbs to keep. Defaults to 100."],
    ["attachStacktrace", "Adds stack traces to messages captured with captureMessage."],
    ["sendDefaultPii", "Sends personal data such as IP addresses and cookies. Off by default."],
    ["beforeSend", "A function that can change or drop an error event before it is sent."],
    ["beforeSendTransaction", "Like beforeSend, for transactions."],
    ["beforeBreadcrumb", "A function that can change or drop a breadcrumb before it is recorded."],
    ["ignoreErrors", "Messages or patterns of errors that are never sent."],
    ["denyUrls", "Scripts whose errors are never sent, e.g. browser extensions."],
    ["allowUrls", "Only scripts from these URLs may produce error events."],
    ["integrations", "Integrations to add, or a function that changes the default list."],
    ["defaultIntegrations", "Set to false to turn off every default integration."],
    ["tunnel", "Sends events through your own endpoint to avoid ad blockers."],
    ["transport", "Replaces how events are sent, for special environments."],
    ["initialScope", "Tags, user and context set on the scope at startup."],
    ["normalizeDepth", "How deep context data is serialized. Defaults to 3."],
    ["maxValueLength", "Longer strings in events are cut to this many characters."],
  ];
  const intro =
    "# Options\n\nOptions are passed to `Sentry.init()`. All of them are optional except `dsn`.\n";
  return [intro, ...options.map(([name, text]) => `## ${name}\n\n${text}\n`)].join("\n");
}

export const DOC_PAGES: readonly DocPage[] = [
  {
    path: "/platforms/python/",
    title: "Python",
    markdown: `# Python

Install the SDK with pip:

\`\`\`bash
pip install --upgrade sentry-sdk
\`\`\`

Initialize it as early as possible in your application, before other imports run code:

\`\`\`python
import sentry_sdk

sentry_sdk.init(
    dsn="https://examplePublicKey@o0.ingest.sentry.io/0",
    traces_sample_rate=0.2,
    send_default_pii=False,
)
\`\`\`

The DSN tells the SDK where to send events; find it in Project Settings > Client Keys (DSN).
Set \`traces_sample_rate\` between 0 and 1 to sample transactions for tracing.

## Verify

Raise an error on purpose (\`division_by_zero = 1 / 0\`) and check that it appears in Issues.
`,
  },
  {
    path: "/platforms/python/integrations/django/",
    title: "Django",
    markdown: `# Django

The Django integration is enabled automatically when \`django\` is installed. Call
\`sentry_sdk.init()\` in \`settings.py\`:

\`\`\`python
import sentry_sdk

sentry_sdk.init(dsn=SENTRY_DSN, traces_sample_rate=0.2)
\`\`\`

Unhandled exceptions in views, middleware and signals are reported with the request, the user
and the SQL queries that ran. Use the \`SENTRY_DSN\` environment variable to keep the DSN out of
source control.
`,
  },
  {
    path: "/platforms/javascript/guides/react/",
    title: "React",
    markdown: `# React

Install the React SDK:

\`\`\`bash
npm install --save @sentry/react
\`\`\`

Initialize Sentry before rendering your app:

\`\`\`javascript
import * as Sentry from "@sentry/react";

Sentry.init({
  dsn: "https://examplePublicKey@o0.ingest.sentry.io/0",
  integrations: [Sentry.browserTracingIntegration()],
  tracesSampleRate: 0.2,
});
\`\`\`

Wrap parts of your component tree in \`Sentry.ErrorBoundary\` to report render errors and show
a fallback UI. Upload source maps during your build so stack traces point at your original code.
`,
  },
  {
    path: "/platforms/javascript/guides/nextjs/",
    title: "Next.js",
    markdown: `# Next.js

Run the setup wizard, which installs \`@sentry/nextjs\` and creates the config files:

\`\`\`bash
npx @sentry/wizard@latest -i nextjs
\`\`\`

It adds \`instrumentation-client.ts\`, \`sentry.server.config.ts\` and \`sentry.edge.config.ts\`,
wraps \`next.config.js\` with \`withSentryConfig\` and uploads source maps on production builds.
`,
  },
  {
    path: "/platforms/javascript/configuration/options/",
    title: "JavaScript SDK options",
    markdown: optionsPage(),
  },
  {
    path: "/product/issues/",
    title: "Issues",
    markdown: `# Issues

Sentry groups similar events into one issue by their fingerprint, usually the stack trace.
Each issue shows how many events and users it affected, when it was first and last seen, and
which release introduced it.

## Triage

- **Resolve** an issue when a fix is deployed; it reopens as a regression if it happens again.
- **Archive** an issue to hide it until it escalates.
- **Assign** an issue to a person or team so it has an owner.
`,
  },
  {
    path: "/product/crons/",
    title: "Cron Monitoring",
    markdown: `# Cron Monitoring

Cron monitors tell you when a scheduled job did not run, failed, or ran too long. Each job sends
a check-in when it starts and when it finishes; Sentry compares them with the monitor's schedule.

- **Check-in margin**: how many minutes late a check-in may arrive before it counts as missed.
- **Max runtime**: how many minutes a job may run before it counts as timed out.
- **Failure tolerance**: how many consecutive failures open an issue.
`,
  },
];

/** Queries that make the sandbox's search fail, for tests and demos of error handling. */
export const DOCS_SEARCH_FAILURES = {
  /** answers 500 */
  http: "sandbox-search-down",
  /** answers 200 with `{error}` in the body, like the real endpoint on backend failures */
  body: "sandbox-search-error",
} as const;

export interface DocHit {
  page: DocPage;
  score: number;
  snippet: string;
}

function words(value: string): string[] {
  return value.toLowerCase().match(/[a-z0-9_.]+/g) ?? [];
}

/** Keyword search: title matches weigh three times body matches; scores fall in 0..1. */
export function searchDocs(query: string, maxResults: number, guide?: string | null): DocHit[] {
  const terms = [...new Set(words(query))].filter((t) => t.length > 1);
  if (terms.length === 0) return [];
  const prefix = guide ? `/platforms/${guide.split("/")[0]}/` : undefined;
  const sub = guide?.split("/")[1];
  const hits: DocHit[] = [];
  for (const page of DOC_PAGES) {
    if (prefix && !page.path.startsWith(prefix)) continue;
    if (sub && !page.path.includes(`/${sub}/`)) continue;
    const title = words(page.title);
    const body = words(page.markdown);
    let raw = 0;
    for (const term of terms) {
      if (title.includes(term)) raw += 3;
      if (body.includes(term)) raw += 1;
    }
    if (raw === 0) continue;
    // The snippet is the prose paragraph matching most terms (headings only as a last resort).
    const paragraphs = page.markdown.split(/\n\n+/).map((p) => p.trim());
    const best = paragraphs
      .map((p) => ({
        p,
        n: terms.filter((t) => words(p).includes(t)).length - (p.startsWith("#") ? 0.5 : 0),
      }))
      .sort((a, b) => b.n - a.n)[0];
    hits.push({
      page,
      score: Math.round((raw / (terms.length * 4)) * 1000) / 1000,
      snippet: best.p.slice(0, 400),
    });
  }
  return hits
    .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
    .slice(0, maxResults);
}
