/**
 * The second half of `npm run build`: after tsc has compiled every module into dist/, bundle the
 * CLI into one file, dist/src/cli/index.js (the `bin`), replacing tsc's copy of that entry.
 * Resolving and loading ~340 files was the largest share of a cold start (docs/benchmarks.md).
 *
 * - zod and the MCP SDK are bundled (what every stdio start loads); the other dependencies
 *   (hono, @hono/node-server, better-sqlite3, ioredis, @sentry/node, the AI SDK) stay external:
 *   they are loaded only by `serve`, with a DSN or with an LLM key, from node_modules.
 * - Dynamic imports become chunks under dist/src/cli/chunks/, loaded on first use.
 * - The embedded sandbox (`--demo`, `sandbox`) stays tsc's dist/sandbox/, imported by path.
 * - Source maps (.map next to each file, packed) map back to src/*.ts lines;
 *   `NODE_OPTIONS=--enable-source-maps` turns them on for stack traces.
 * - `charset: "ascii"` keeps the source one byte per character in V8 (a single non-ASCII
 *   character would make V8 hold the whole bundle as UTF-16, twice the memory).
 */
import { rmSync } from "node:fs";

const OUT_DIR = "dist/src/cli";
const BUNDLED_PACKAGES = /^(zod|@modelcontextprotocol\/(server|core))(\/|$)/;

// Chunk names carry a content hash: drop the previous build's so stale chunks do not pile up.
rmSync(`${OUT_DIR}/chunks`, { recursive: true, force: true });

export default {
  input: { index: "src/cli/index.ts" },
  platform: "node",
  tsconfig: "tsconfig.build.json",
  resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
  external: (id) =>
    /(^|\/)sandbox\//.test(id) ||
    (!id.startsWith(".") && !id.startsWith("/") && !BUNDLED_PACKAGES.test(id)),
  output: {
    dir: OUT_DIR,
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    sourcemap: true,
    // Mappings only: the .ts sources are not in the package, and the map stays a third the size.
    sourcemapExcludeSources: true,
    charset: "ascii",
    // Whitespace and comments out; names kept, so a stack trace without the map still reads.
    comments: false,
    minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } },
  },
};
