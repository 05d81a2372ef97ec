/**
 * Reads navigation and click breadcrumbs out of replay recording segments (rrweb events). The
 * recording is untrusted and loosely shaped: anything unexpected is skipped, never thrown.
 * DOM snapshots and mutations are ignored; only these few custom events are kept.
 */

export type ReplayActivityKind = "navigation" | "click" | "dead_click" | "rage_click";

export interface ReplayActivity {
  /** ms after the replay start */
  offsetMs: number;
  kind: ReplayActivityKind;
  /** URL for navigations, CSS selector for clicks */
  target: string;
  /** visible text of the clicked element */
  text?: string;
  clicks?: number;
}

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;

/** rrweb timestamps are ms; breadcrumb payloads use seconds. */
const toMs = (t: number) => (t < 1e11 ? t * 1000 : t);

const RAGE_CLICKS = 5;

function fromEvent(
  event: unknown,
): (Omit<ReplayActivity, "offsetMs"> & { at?: number }) | undefined {
  const e = obj(event);
  if (e?.type !== 5) return undefined;
  const data = obj(e.data);
  const payload = obj(data?.payload);
  if (!data || !payload) return undefined;
  const at = num(payload.timestamp) ?? num(payload.startTimestamp) ?? num(e.timestamp);
  if (data.tag === "performanceSpan") {
    const op = str(payload.op);
    const url = str(payload.description);
    if (op?.startsWith("navigation.") && url) return { at, kind: "navigation", target: url };
    return undefined;
  }
  if (data.tag !== "breadcrumb") return undefined;
  const category = str(payload.category);
  const details = obj(payload.data);
  const node = obj(details?.node);
  const text = str(node?.textContent);
  const target = str(payload.message) ?? str(node?.tagName) ?? "element";
  switch (category) {
    case "navigation": {
      const to = str(details?.to);
      return to ? { at, kind: "navigation", target: to } : undefined;
    }
    case "ui.click":
      return { at, kind: "click", target, text };
    case "ui.slowClickDetected": {
      const clicks = num(details?.clickCount) ?? 1;
      return {
        at,
        kind: clicks >= RAGE_CLICKS ? "rage_click" : "dead_click",
        target,
        text,
        clicks: clicks >= RAGE_CLICKS ? clicks : undefined,
      };
    }
    default:
      return undefined;
  }
}

/** Navigations and clicks in time order, consecutive duplicate navigations merged. */
export function replayActivity(
  segments: unknown[][],
  startMs: number | undefined,
): ReplayActivity[] {
  const found: Array<ReplayActivity & { abs: number }> = [];
  for (const segment of segments) {
    if (!Array.isArray(segment)) continue;
    for (const event of segment) {
      const item = fromEvent(event);
      if (!item) continue;
      const abs = item.at === undefined ? (startMs ?? 0) : toMs(item.at);
      const { at: _at, ...rest } = item;
      found.push({ ...rest, abs, offsetMs: Math.max(0, abs - (startMs ?? abs)) });
    }
  }
  found.sort((a, b) => a.abs - b.abs);
  const out: ReplayActivity[] = [];
  for (const { abs: _abs, ...item } of found) {
    const last = out.at(-1);
    if (item.kind === "navigation" && last?.kind === "navigation" && last.target === item.target)
      continue;
    out.push(item);
  }
  return out;
}

/** `mm:ss` (or `h:mm:ss`) from the replay start. */
export function replayClock(offsetMs: number): string {
  const total = Math.floor(offsetMs / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
