import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RECORD = fileURLToPath(new URL("../../test/support/record-modules.mjs", import.meta.url));
const SRC = join(ROOT, "src");
const dir = mkdtempSync(join(tmpdir(), "toolsift-root-modules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Part of the program each child runs: a small catalogue, as a user has in memory. */
const TOOLS = `Array.from({ length: 12 }, (_, i) => ({
  name: "tool_" + i,
  description: "Opens ticket " + i + " about the checkout",
  inputSchema: { type: "object", properties: { id: { type: "string" } } },
  execute: async () => "done",
}))`;

/**
 * Runs `source` (an ES module, in the repository root, TypeScript imports enabled) in a fresh
 * process and answers the files of src/ it loaded before it printed "--mark", and after.
 */
async function loadedModules(
  name: string,
  source: string,
): Promise<{ before: string[]; after: string[]; stdout: string }> {
  const record = join(dir, `${name}.txt`);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--import", RECORD, "--input-type=module", "--eval", source],
      { cwd: ROOT, env: { ...process.env, TOOLSIFT_RECORD_MODULES: record }, timeout: 60_000 },
      (error, out, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out)),
    );
  });
  // The mark is a module of its own (a data: URL), so the file says what loaded before it.
  const lines = readFileSync(record, "utf8").split("\n");
  const mark = lines.findIndex((line) => line.startsWith("data:text/javascript,//mark"));
  const ours = (part: string[]) =>
    part
      .filter((url) => url.startsWith("file://"))
      .map((url) => fileURLToPath(url))
      .filter((path) => path.startsWith(SRC))
      .map((path) => path.slice(SRC.length + 1));
  return { before: ours(lines.slice(0, mark)), after: ours(lines.slice(mark)), stdout };
}

/**
 * What a tool search that never learns, records misses or reads an enrichment, over fewer than
 * 20,000 tools (no HNSW index) and with the bundled model (no ONNX Runtime), has no use for.
 */
const OPTIONAL_PARTS = [
  "learning/learning.ts",
  "learning/file-usage-store.ts",
  "learning/postgres-usage-store.ts",
  "learning/misses/miss-recorder.ts",
  "learning/misses/file-miss-store.ts",
  "learning/misses/postgres-miss-store.ts",
  "enrichment/enrich-catalogue.ts",
  "enrichment/estimate-enrichment.ts",
  "ranking/embedding/hnsw-vector-index.ts",
  "ranking/embedding/onnx-runtime-embedder.ts",
];

describe("the root entry's cold start", () => {
  it("loads no learning, misses, enrichment, HNSW or ONNX Runtime module for a plain createToolSearch and search", async () => {
    const { before, after, stdout } = await loadedModules(
      "plain",
      `const { createToolSearch } = await import("./src/index.ts");
       const toolSearch = await createToolSearch({ tools: ${TOOLS} });
       const matches = await toolSearch.search("open a ticket about the checkout");
       const session = toolSearch.session("s1");
       await session.tools();
       await toolSearch.close();
       await import("data:text/javascript,//mark");
       console.log(matches.length);`,
    );
    expect(Number(stdout.trim())).toBeGreaterThan(0);
    expect(before).toContain("tool-search/tool-search.ts");
    expect(before.filter((path) => OPTIONAL_PARTS.includes(path))).toEqual([]);
    expect(after).toEqual([]);
  }, 60_000);

  it("loads learning and misses when the options ask for them, and they work", async () => {
    const { before, after, stdout } = await loadedModules(
      "learning",
      `const { createToolSearch } = await import("./src/index.ts");
       const events = [];
       await import("data:text/javascript,//mark");
       const toolSearch = await createToolSearch({ tools: ${TOOLS}, learning: true, misses: true, onEvent: (event) => events.push(event.type) });
       await toolSearch.learn("close the till", "tool_3");
       await toolSearch.learn("close the till", "tool_3", { scope: "other" });
       const matches = await toolSearch.search("close the till");
       await toolSearch.close();
       console.log(JSON.stringify(matches.map((match) => match.name)));`,
    );
    expect(before.filter((path) => OPTIONAL_PARTS.includes(path))).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(["learning/learning.ts", "learning/misses/miss-recorder.ts"]));
    expect(JSON.parse(stdout.trim())).toBeInstanceOf(Array);
  }, 60_000);
});
