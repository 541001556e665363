/**
 * `npm run bench:real-mcp`: toolsift in front of the tools of real MCP servers from npm, with
 * requests written for them here. Installs each pinned server under node_modules/.cache (the
 * first run needs the npm registry), lists its tools through `fromMcp` with placeholder
 * credentials, and measures recall@5 by kind, COMP@5, empty answers and weak marks of bm25 and the
 * hybrid through `toolSearch.search`, beside the plain BM25 reference. Writes
 * `bench/results/<timestamp>-real-mcp.{md,json}`, and the catalogue with its requests as a bench
 * dataset under the cache, for `npm run bench -- --dataset <it>`. Nothing of the servers' text is
 * committed.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { commandFlags } from "../../scripts/command-flags.js";
import { loadDataset } from "../load-dataset.js";
import { resultsStamp } from "../report/results-files.js";
import { installServer } from "./install-server.js";
import { listServer } from "./list-server.js";
import { measureRealMcp } from "./measure-real-mcp.js";
import { realMcpDataset, type ListedServer } from "./real-mcp-dataset.js";
import { realMcpMarkdown } from "./real-mcp-report.js";
import { REAL_MCP_REQUESTS } from "./real-mcp-requests.js";
import { REAL_MCP_SERVERS } from "./real-mcp-servers.js";

const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = `Usage: npm run bench:real-mcp -- [--server <id>]... [--cache <dir>] [--out <dir>]

  --server <id>   only this server (repeatable); the requests of the others are left out
  --cache <dir>   where the servers are installed and the dataset written
                  (default node_modules/.cache/toolsift-real-mcp)
  --out <dir>     where the results go (default bench/results)`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const values = commandFlags("bench:real-mcp", USAGE, argv, () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        server: { type: "string", multiple: true },
        cache: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean" },
      },
    });
    const unknown = (values.server ?? []).filter((id) => !REAL_MCP_SERVERS.some((server) => server.id === id));
    if (unknown.length > 0)
      throw new Error(
        `no server ${unknown.join(", ")}; the ids are ${REAL_MCP_SERVERS.map((server) => server.id).join(", ")}.`,
      );
    return values;
  });
  const chosen = REAL_MCP_SERVERS.filter((server) => !values.server || values.server.includes(server.id));
  const cacheRoot = resolve(values.cache ?? join(process.cwd(), "node_modules", ".cache", "toolsift-real-mcp"));
  await mkdir(cacheRoot, { recursive: true });
  const listed: ListedServer[] = [];
  const notes: string[] = [];
  for (const server of chosen) {
    try {
      const work = join(cacheRoot, "work", server.id);
      const tools = await listServer(server, installServer(cacheRoot, server), work);
      listed.push({ server, tools });
      process.stderr.write(`bench:real-mcp: ${server.id}: ${tools.length} tools\n`);
    } catch (error) {
      notes.push(`${server.id} (${server.package}) left out: ${(error as Error).message}`);
      process.stderr.write(`bench:real-mcp: ${notes.at(-1)}\n`);
    }
  }
  const built = realMcpDataset(listed, REAL_MCP_REQUESTS);
  notes.push(...built.notes);
  const datasetPath = join(cacheRoot, "real-mcp.json");
  await writeFile(datasetPath, `${JSON.stringify(built.dataset, null, 2)}\n`);
  const dataset = await loadDataset(datasetPath);
  const started = performance.now();
  const { rows, misses } = await measureRealMcp(dataset);
  const seconds = (performance.now() - started) / 1000;
  const stamp = resultsStamp();
  const out = resolve(values.out ?? join(BENCH_DIR, "results"));
  await mkdir(out, { recursive: true });
  const servers = listed.map(({ server, tools }) => ({ id: server.id, package: server.package, tools: tools.length }));
  const markdown = realMcpMarkdown({ stamp, servers, dataset, rows, misses, notes, seconds });
  await writeFile(join(out, `${stamp}-real-mcp.md`), markdown);
  await writeFile(
    join(out, `${stamp}-real-mcp.json`),
    `${JSON.stringify({ formatVersion: 1, servers, requests: dataset.queries.length, rows, misses, notes }, null, 2)}\n`,
  );
  process.stdout.write(
    `${markdown}\nbench:real-mcp: wrote ${join(out, `${stamp}-real-mcp.md`)}; dataset ${datasetPath}\n`,
  );
  return 0;
}

process.exitCode = await main();
