/**
 * The response budget for structured results: a payload whose JSON is over the budget loses
 * list items from the end of its biggest lists, then the tails of its longest texts, until it
 * fits. Shape and field names stay, so it still matches the tool's outputSchema.
 */

export interface Fitted<T> {
  payload: T;
  /** what was cut, for a note beside the result; empty when nothing was */
  cuts: string[];
}

type Json = unknown;
type Slot = { parent: Record<string, Json> | Json[]; key: string | number; path: string };

const MIN_STRING = 200;
const MAX_ROUNDS = 500;

/**
 * The first `end` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair:
 * a cut never leaves half of an emoji behind.
 */
export function cutText(text: string, end: number): string {
  if (end <= 0) return "";
  if (end >= text.length) return text;
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

function size(value: Json): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** Every list with more than one item and every long string, with where it sits. */
function candidates(root: Json): Array<Slot & { value: Json; bytes: number }> {
  const out: Array<Slot & { value: Json; bytes: number }> = [];
  const visit = (value: Json, slot: Slot | undefined) => {
    if (typeof value === "string") {
      if (slot && value.length > MIN_STRING) out.push({ ...slot, value, bytes: value.length });
      return;
    }
    if (Array.isArray(value)) {
      if (slot && value.length > 1) out.push({ ...slot, value, bytes: size(value) });
      value.forEach((item, i) => {
        visit(item, { parent: value, key: i, path: `${slot?.path ?? ""}[${i}]` });
      });
      return;
    }
    if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const path = slot?.path ? `${slot.path}.${key}` : key;
        visit(item, { parent: value as Record<string, Json>, key, path });
      }
    }
  };
  visit(root, undefined);
  return out;
}

function set(slot: Slot, value: Json): void {
  (slot.parent as Record<string | number, Json>)[slot.key] = value;
}

/** A generic list path: `issues[3].tags` → `issues[].tags`. */
function listName(path: string): string {
  return path.replace(/\[\d+\]/g, "[]");
}

/** Cuts `payload` (not modified) until its JSON is at most `budget` characters. */
export function fitToBudget<T>(payload: T, budget: number): Fitted<T> {
  let total = size(payload);
  if (total <= budget) return { payload, cuts: [] };
  const copy = structuredClone(payload) as T;
  const lists = new Map<string, { kept: number; of: number }>();
  let texts = 0;
  for (let round = 0; round < MAX_ROUNDS && total > budget; round++) {
    const biggest = candidates(copy).sort((a, b) => b.bytes - a.bytes)[0];
    if (!biggest) break;
    const excess = total - budget;
    if (Array.isArray(biggest.value)) {
      const items = biggest.value;
      const keepRatio = Math.max(0, (biggest.bytes - excess) / biggest.bytes);
      const keep = Math.max(1, Math.min(items.length - 1, Math.floor(items.length * keepRatio)));
      const name = listName(biggest.path);
      const before = lists.get(name);
      lists.set(name, { kept: keep, of: before?.of ?? items.length });
      set(biggest, items.slice(0, keep));
    } else {
      const text = biggest.value as string;
      const keep = Math.max(MIN_STRING, text.length - excess - 40);
      const kept = cutText(text, keep);
      set(biggest, `${kept}… (${text.length - kept.length} more characters)`);
      texts++;
    }
    total = size(copy);
  }
  const cuts = [...lists].map(([name, { kept, of }]) => `kept ${kept} of ${of} ${name}`);
  if (texts > 0) cuts.push(`shortened ${texts} long text${texts === 1 ? "" : "s"}`);
  return { payload: copy, cuts };
}

/** The note that goes beside a cut structured result. */
export function budgetNote(budget: number, cuts: string[]): string {
  const what =
    cuts.length > 0
      ? `cut to fit ${budget} characters: ${cuts.slice(0, 5).join("; ")}`
      : `over ${budget} characters`;
  return `Response ${what}. Narrow the request (a smaller limit, a query, a cursor) or use a detail tool for one item.`;
}
