import { it } from "vitest";
import { startSandbox } from "./server.js";
it("dump", async () => {
  const sb = await startSandbox({ now: new Date("2026-11-01T12:00:00Z") });
  const get = async (p: string) => { const r = await fetch(sb.url + p, { headers: { Authorization: "Bearer sandbox-token" } }); const t = await r.text(); return [r.status, t] as const; };
  console.log(sb.store.profiles.profiles.map(p => `${p.kind} ${p.profileId} ${p.transactionName} ${p.release} ${new Date(p.startMs).toISOString()} ${p.samples.length}`).join("\n"));
  console.log(sb.store.profiles.chunks.length, sb.store.profiles.chunks[0]?.profilerId, new Date(sb.store.profiles.chunks[0]?.startMs).toISOString(), new Date(sb.store.profiles.chunks.at(-1)!.endMs).toISOString());
  const [s1, b1] = await get("/api/0/organizations/acme/replays/3c7a8e2f-9d1b-4a60-b5e4-c3d2a1f0e9d8/");
  console.log(s1, b1.slice(0, 1500));
  const [s2, b2] = await get("/api/0/projects/acme/4500012/replays/3c7a8e2f9d1b4a60b5e4c3d2a1f0e9d8/recording-segments/?download=true&per_page=2");
  console.log(s2, b2.slice(0, 800));
  const [s3, b3] = await get('/api/0/organizations/acme/profiling/flamegraph/?project=4500011&query=transaction:"GET /api/v2/orders/"&statsPeriod=7d');
  console.log(s3, b3.slice(0, 3000));
  const [s4, b4] = await get("/api/0/organizations/acme/ai-conversations/?statsPeriod=7d&per_page=3");
  console.log(s4, b4.slice(0, 2000));
  await sb.close();
});
