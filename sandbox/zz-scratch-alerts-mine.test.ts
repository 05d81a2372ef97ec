import { it } from "vitest";
import { startSandbox } from "./server.js";
it("scratch", async () => {
const s = await startSandbox({ now: new Date("2026-11-01T12:00:00Z"), tokens: ["t"] });
const h = { Authorization: "Bearer t" };
const get = async (p: string) => { const r = await fetch(s.url + p, { headers: h }); return [r.status, await r.text()] as const; };
for (const p of ["/api/0/organizations/acme/workflows/?project=backend", "/api/0/organizations/acme/detectors/70012/", "/api/0/organizations/globex/workflows/", "/api/0/projects/globex/storefront/rules/", "/api/0/organizations/acme/monitors/", "/api/0/organizations/acme/monitors/nightly-ledger-reconcile/checkins/?per_page=3", "/api/0/organizations/acme/monitors/nightly-ledger-reconcile/stats/?statsPeriod=3d&resolution=1d", "/api/0/organizations/acme/dashboards/5101/", "/api/0/organizations/acme/issues/BACKEND-1B/autofix/"]) {
  const [st, body] = await get(p); console.log(st, p, body.slice(0, 600));
}
const r = await fetch(s.url + "/api/search", { method: "POST", body: JSON.stringify({ query: "python django setup", maxResults: 5 }) });
console.log(await r.text());
const d = await fetch(s.url + "/docs/platforms/nope.md"); console.log(d.status, d.headers.get("x-sentry-docs-not-found"));
await s.close();
});
