import { it } from "vitest";
import { createStore } from "./data/index.js";
it("x", () => {
const s = createStore(new Date("2026-11-01T12:00:00Z"));
const out: string[] = [];
for (const p of s.projects) out.push([p.id, p.orgId, p.slug, p.platform, p.environments.join(","), JSON.stringify(Object.entries(p.flags).filter(([,v])=>v).map(([k])=>k))].join(" "));
for (const i of s.issues) { const evs = s.events.filter(e=>e.groupID===i.id); out.push([i.id, i.shortId, i.issueCategory, i.level, JSON.stringify(i.title).slice(0,60), i.releases.join(","), evs.length, evs[0]?.dateCreated, (evs[0]?.contexts as any)?.trace?.trace_id, evs[0]?.tags.find(t=>t.key==="transaction")?.value, evs[0]?.tags.find(t=>t.key==="environment")?.value, evs[0]?.release].join(" | ")); }
out.push(s.organizations.map(o=>o.id+" "+o.slug).join(","));
console.log(out.join("\n"));
});
