import { describe, expect, it } from "vitest";
import { FileUsageStore } from "./file-usage-store.js";
import { MemoryUsageStore } from "./memory-usage-store.js";
import { FileMissStore } from "./misses/file-miss-store.js";
import { MemoryMissStore } from "./misses/memory-miss-store.js";
import { PostgresMissStore } from "./misses/postgres-miss-store.js";
import { PostgresUsageStore } from "./postgres-usage-store.js";

// A misspelt option used to be dropped: a "cachedir" put lessons and misses where they were not
// meant to go, a "tabel" shared the default table. Each store now names the option meant.
describe("the stores' options", () => {
  const url = "postgres://localhost/never-connected";
  it.each([
    ["FileUsageStore", () => new FileUsageStore({ cachedir: "/tmp/x" } as never), "cachedir", "cacheDir"],
    ["MemoryUsageStore", () => new MemoryUsageStore({ maxScope: 3 } as never), "maxScope", "maxScopes"],
    ["FileMissStore", () => new FileMissStore({ cachedir: "/tmp/x" } as never), "cachedir", "cacheDir"],
    ["MemoryMissStore", () => new MemoryMissStore({ maxRecord: 3 } as never), "maxRecord", "maxRecords"],
    [
      "PostgresUsageStore",
      () => new PostgresUsageStore({ connectionString: url, tabel: "t" } as never),
      "tabel",
      "table",
    ],
    [
      "PostgresMissStore",
      () => new PostgresMissStore({ connectionString: url, tabel: "t" } as never),
      "tabel",
      "table",
    ],
  ])("%s refuses an option it does not know, naming the one meant", (owner, create, given, meant) => {
    expect(create).toThrow(
      expect.objectContaining({
        code: "invalid_options",
        message: expect.stringContaining(`${owner}: unknown option "${given}". Did you mean "${meant}"?`),
      }),
    );
  });

  it("each still takes its own options", () => {
    expect(() => new MemoryUsageStore({ maxScopes: 3, maxLessonsPerTool: 4 })).not.toThrow();
    expect(() => new MemoryMissStore({ maxRecords: 3 })).not.toThrow();
    expect(() => new PostgresUsageStore({ connectionString: url, table: "lessons", maxConnections: 2 })).not.toThrow();
    expect(() => new PostgresMissStore({ connectionString: url, table: "misses", maxRecords: 10 })).not.toThrow();
  });
});
