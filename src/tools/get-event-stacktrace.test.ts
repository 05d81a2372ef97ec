import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOddIssues } from "../../sandbox/data/issues-odd.js";
import type { Sandbox } from "../../sandbox/server.js";
import { stable, startTestSandbox, toolCaller } from "../../test/harness.js";
import { upstreamProbe } from "../../test/upstream-probe.js";

let sandbox: Sandbox;
let tools: ReturnType<typeof toolCaller>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  addOddIssues(sandbox.store);
  tools = toolCaller(sandbox);
});
afterAll(() => sandbox.close());

const errorText = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe("get_event_stacktrace", () => {
  it("shows every exception with library frames and all variables", async () => {
    const text = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(stable(text, sandbox)).toMatchInlineSnapshot(`
      "# Stack Trace of Event \`ab3e0db46282996f3688aec3a28ba852\` in **\`acme\`**

      **Issue**: BACKEND-1A · \`OperationalError: connection to server at "pg-primary.acme.internal" (10.0.3.12), port 5432 failed: Connection refused\`
      **Occurred**: 2026-11-01 11:48 UTC · **Platform**: \`python\`

      Frames run oldest call first, crashing frame last; \`[app]\` marks in-app frames.

      ## Exceptions (2)

      ### 1. raised

      **Exception**: \`OperationalError: connection to server at "pg-primary.acme.internal" (10.0.3.12), port 5432 failed: Connection refused\` (django, unhandled)
      \`\`\`
            django/core/handlers/exception.py:55 in inner
            django/core/handlers/base.py:197 in _get_response
      [app] orders/views.py:88 in checkout
           86 |     order = get_object_or_404(Order, pk=order_id, customer=request.user.customer)
           87 |     with transaction.atomic():
      >    88 |         result = fulfil_order(order, coupon=payload.get("coupon"))
           89 |     return JsonResponse(result.as_dict(), status=201)
           90 | 
        locals:
          order_id = 99120
          payload = {'payment_method': 'card', 'coupon': 'SPRING25'}
      [app] orders/services.py:142 in fulfil_order
          140 |     shipping_payload = build_shipping_payload(order)
          141 |     # lock the stock rows so concurrent checkouts cannot oversell
      >   142 |     stock = list(StockLevel.objects.select_for_update().filter(sku__in=skus))
          143 |     reserve(stock, order.items.all())
          144 |     label = carrier_client.create_label(shipping_payload)
        locals:
          order = <Order: #99120 (pending)>
          coupon = 'SPRING25'
          skus = ['SKU-7731', 'SKU-7732', 'SKU-7733', 'SKU-7734', 'SKU-7735', 'SKU-7736']
          shipping_payload = {"carrier":"parcelhop","service_level":"next_day","parcels":[{"sku":"SKU-7731","weight_grams":480,"dimensions_cm":[30,20… (992 more characters)
            django/db/backends/base/base.py:279 in ensure_connection
            django/db/utils.py:91 in __exit__
           90 |                 self.wrapper.errors_occurred = True
      >    91 |             raise dj_exc_value.with_traceback(traceback) from exc_value
           92 | 
      \`\`\`

      ### 2. cause of the one above

      **Exception**: \`OperationalError: connection to server at "pg-primary.acme.internal" (10.0.3.12), port 5432 failed: Connection refused\` (chained, unhandled)
      \`\`\`
            psycopg/connection.py:119 in connect
          118 |         if not rv:
      >   119 |             assert last_ex
          120 |             raise last_ex.with_traceback(None)
        locals:
          attempts = [{'host': 'pg-primary.acme.internal', 'port': '5432'}]
          timeout = 5
      \`\`\`"
    `);
  });

  it("takes one round trip (issue and event in parallel)", async () => {
    const probe = upstreamProbe();
    await toolCaller(sandbox, { fetch: probe.fetch }).text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueUrl: `${sandbox.url}/organizations/acme/issues/FRONTEND-2A/`,
    });
    expect(probe.rounds()).toBe(1);
    expect(probe.paths()).toHaveLength(2);
  });

  it("lists every thread, and one thread by id or name", async () => {
    const all = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "MOBILE-APP-9A",
    });
    expect(all).toContain("## Threads (3)");
    expect(all).toContain("### Thread 27 `SyncWorker-2`");
    expect(all).toContain("### Thread 28 (unnamed)\n\nNo stack trace.");
    const byName = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "MOBILE-APP-9A",
      thread: "SyncWorker-2",
    });
    expect(byName).toContain("[app] LedgerSync.kt:131 in flush");
    expect(byName).not.toContain("### Thread 1 ");
    const byId = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "MOBILE-APP-9A",
      thread: 1,
    });
    expect(byId).toContain("### Thread 1 `main` (crashed, current)");
    const missing = await tools.call("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "MOBILE-APP-9A",
      thread: 99,
    });
    expect(errorText(missing)).toMatch(/Thread 99 is not in event .*Threads: 1 `main`/);
  });

  it("says so when the event has no stack trace at all", async () => {
    const text = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-9B",
    });
    expect(text).toContain("This event has no stack trace");
    const frameless = await tools.text("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-1L",
      eventId: "oldest",
    });
    expect(frameless).toContain("No stack frames recorded.");
  });

  it("rejects bad input before any request and maps upstream errors", async () => {
    const before = sandbox.requests.length;
    for (const args of [
      { organizationSlug: "acme", issueId: "BACKEND-1A", eventId: "xyz" },
      { organizationSlug: "acme", issueId: "a b" },
      { organizationSlug: "acme", issueId: "BACKEND-1A", thread: "" },
    ]) {
      const result = await tools.call("get_event_stacktrace", args);
      expect(errorText(result), JSON.stringify(args)).toMatch(/^Input error/);
    }
    expect(sandbox.requests.length).toBe(before);
    const missing = await tools.call("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
      eventId: "a".repeat(32),
    });
    expect(errorText(missing)).toMatch(/^Not found/);
    const probe = upstreamProbe([{ path: /events\/latest\/$/, status: 403 }]);
    const denied = await toolCaller(sandbox, { fetch: probe.fetch }).call("get_event_stacktrace", {
      organizationSlug: "acme",
      issueId: "BACKEND-1A",
    });
    expect(errorText(denied)).toMatch(/^Permission denied/);
  });

  it("refuses an issue outside the pinned project", async () => {
    const pinned = toolCaller(sandbox, {
      constraints: { organizationSlug: "acme", projectSlug: "mobile-app" },
    });
    const result = await pinned.call("get_event_stacktrace", { issueId: "BACKEND-1A" });
    expect(errorText(result)).toMatch(/limited to project "mobile-app"/);
  });
});
