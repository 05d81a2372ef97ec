// Finds import cycles among the TypeScript modules under a directory (static imports and
// re-exports, type-only ones included: a type cycle is still a tangle). Prints each cycle once.
// Usage: node scripts/import-cycles.mjs [dir]   (exit code 1 when a cycle exists)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/g;

function modules(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...modules(path));
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"))
      found.push(path);
  }
  return found;
}

/** file → the local files it imports (resolved `.js` specifiers to `.ts` sources). */
export function importGraph(dir) {
  const files = new Set(modules(resolve(dir)));
  const graph = new Map();
  for (const file of files) {
    const edges = [];
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const spec = match[1];
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, ".ts");
      if (files.has(target)) edges.push(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Every elementary cycle found by depth-first search, each reported from its smallest member. */
export function findCycles(graph) {
  const cycles = new Map();
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]);
        const ordered = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(ordered.join(" → "), ordered);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? "src";
  const cycles = findCycles(importGraph(dir));
  for (const cycle of cycles)
    console.log([...cycle, cycle[0]].map((f) => relative(process.cwd(), f)).join(" → "));
  process.exit(cycles.length > 0 ? 1 : 0);
}
