import { it } from "vitest";
import { startSandbox } from "./server.js";
it("x", async () => {
  const sb = await startSandbox({ now: new Date("2026-11-01T12:00:00Z"), tokens: ["t"] });
  const get = async (p: string) => { const r = await fetch(sb.url + p, { headers: { Authorization: "Bearer t" } }); return [r.status, await r.text()] as const; };
  console.log("spans", sb.store.explore.spans.length, "logs", sb.store.explore.logs.length, "metrics", sb.store.explore.metrics.length, "calls", sb.store.explore.profileCalls.length, sb.store.explore.traceIds);
  for (const p of [
    "/api/0/organizations/acme/events/?dataset=spans&field=span.op&field=count()&field=p95(span.duration)&sort=-count()&per_page=5&statsPeriod=7d",
    "/api/0/organizations/acme/events/?dataset=errors&field=issue&field=title&field=timestamp&sort=-timestamp&per_page=3",
    "/api/0/organizations/acme/events/?dataset=logs&field=timestamp&field=severity&field=message&query=severity:error&sort=-timestamp&per_page=4",
    "/api/0/organizations/acme/events/?dataset=tracemetrics&field=transaction&field=p95(value,http.request.duration,distribution,millisecond)&sort=-p95(value,http.request.duration,distribution,millisecond)&per_page=4",
    "/api/0/organizations/acme/events/?dataset=profile_functions&field=function&field=count()&field=p95(function.duration)&sort=-count()&per_page=4",
    "/api/0/organizations/acme/events/?dataset=spans&field=span.op&sort=-timestamp",
    "/api/0/organizations/acme/events/?dataset=spans&field=bogus",
    "/api/0/organizations/acme/trace-items/attributes/?itemType=spans&attributeType=number",
    "/api/0/organizations/acme/trace-meta/" + sb.store.explore.traceIds.checkout + "/",
  ]) { const [s, b] = await get(p); console.log(s, p, "\n", b.slice(0, 1200)); }
  const [s, b] = await get("/api/0/organizations/acme/trace/" + sb.store.explore.traceIds.checkout + "/");
  console.log(s, b.slice(0, 2500));
  await sb.close();
});
