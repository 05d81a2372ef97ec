import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "./sqlite.js";

describe("SQLite store files", () => {
  it("are readable by their owner only (they hold grants and client secrets' hashes)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-store-mode-"));
    const old = process.umask(0o022);
    try {
      const path = join(dir, "store.db");
      const store = openSqliteStore(path, { sweepMs: 0 });
      await store.set("k", "v", 60);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
      }
      await store.close();
    } finally {
      process.umask(old);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
