// Run by memory.test.ts in a child process started with --expose-gc: heap growth over many
// re-listings of changed schemas, each one compiled by a call, and over short-lived tool searches.
import { createToolSearch, type ToolDefinition } from "../../src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const relistings = Number(process.argv[2] ?? 10_000);
const shortLived = Number(process.argv[3] ?? 1_000);

function toolOf(version: number): ToolDefinition {
  return {
    name: "files__write",
    description: `Write a file (schema version ${version}).`,
    inputSchema: {
      type: "object",
      properties: {
        [`path_${version}`]: { type: "string", pattern: `^/tmp/${version}/` },
        mode: { enum: ["a", "w", String(version)] },
      },
      required: [`path_${version}`],
    },
    execute: () => "written",
  };
}

function heapMb(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

let version = 0;
const toolSearch = await createToolSearch({ tools: { listTools: async () => [toolOf(version)] } });
const session = toolSearch.session("memory");
const call = async () => {
  const result = await session.execute({
    type: "tool_use",
    id: `toolu_${version}`,
    name: "files__write",
    input: { [`path_${version}`]: `/tmp/${version}/a` },
  });
  if (result.content !== "written") throw new Error(`call ${version} failed: ${JSON.stringify(result)}`);
};
// Warm up: the first few hundred calls fill caches and JIT code that stay the same size after.
for (; version < 500; version++) await call();
const relistStart = heapMb();
for (; version < 500 + relistings; version++) await call();
const relistEnd = heapMb();

const shortStart = heapMb();
for (let index = 0; index < shortLived; index++) {
  const search = await createToolSearch({ tools: [toolOf(1_000_000 + index)] });
  const result = await search.session().execute({
    type: "tool_use",
    id: "toolu_x",
    name: "files__write",
    input: { [`path_${1_000_000 + index}`]: "nope" },
  });
  if (result.is_error !== true) throw new Error("a short-lived search ran an invalid input");
}
const shortEnd = heapMb();

process.stdout.write(
  JSON.stringify({
    relistings,
    relistGrowthMb: relistEnd - relistStart,
    shortLived,
    shortLivedGrowthMb: shortEnd - shortStart,
  }),
);
