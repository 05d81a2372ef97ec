import { it } from "vitest";
import { createStore } from "./data/index.js";
it("dump", () => {
const s = createStore(new Date("2026-11-01T12:00:00Z"));
for (const e of s.events.filter(e=>e.projectID==="4500012")) {
  console.log(e.id, e.groupID, s.issues.find(i=>i.id===e.groupID)?.shortId, e.dateCreated, e.type, JSON.stringify(e.contexts.replay ?? null), JSON.stringify(e.user)?.slice(0,160), e.release, JSON.stringify(e.contexts.trace??null).slice(0,100), JSON.stringify(e.contexts.browser??null), JSON.stringify(e.tags.filter(t=>["environment","url","browser","os"].includes(t.key))));
}
console.log(Object.keys(s.explore.traceIds), s.explore.spans.filter(x=>x.profileId&&x.isSegment).length);
});
