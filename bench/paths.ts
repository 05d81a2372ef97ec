import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest folder above this file holding package.json. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("bench: no package.json above the bench folder");
    dir = parent;
  }
  return dir;
}

/** Our built stdio entry point (npm run build). */
export function ourEntry(root: string): string {
  return path.join(root, "dist", "src", "cli", "index.js");
}
