import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { checkDataset } from "./check-dataset.js";
import type { Dataset } from "./dataset-format.js";
import { formatReport } from "./format-report.js";
import { multiQueries, servers, unanswerableQueries } from "./toolsift-servers/index.js";

/** Where the committed dataset lives. */
export const TOOLSIFT_SERVERS_PATH = fileURLToPath(new URL("./toolsift-servers.json", import.meta.url));

/**
 * Assembles toolsift's own retrieval dataset from the server files, in a fixed order, so the
 * same sources always give byte-identical JSON.
 */
export function buildToolsiftServers(): Dataset {
  return {
    source: [
      "toolsift-servers: written for toolsift by its developers (no public dataset copied).",
      "Tools imitate MCP servers; names are `server__tool`.",
      "Built by bench/datasets/build-toolsift-servers.ts from bench/datasets/toolsift-servers/*.ts.",
    ].join(" "),
    license: "MIT",
    tools: servers.flatMap((slice) => slice.tools),
    queries: [...servers.flatMap((slice) => slice.queries), ...multiQueries, ...unanswerableQueries],
  };
}

/** The dataset as it is written to disk. */
export function serialise(dataset: Dataset): string {
  return `${JSON.stringify(dataset, null, 2)}\n`;
}

// `npx tsx bench/datasets/build-toolsift-servers.ts` writes the JSON; `--check` only compares.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dataset = buildToolsiftServers();
  const report = checkDataset(dataset);
  console.log(formatReport(report));
  const text = serialise(dataset);
  if (report.problems.length > 0 || report.paraphraseOffences.length > 0 || report.directWithoutSharedWord.length > 0) {
    console.error("not written: fix the problems and paraphrase offences above first");
    process.exitCode = 1;
  } else if (process.argv.includes("--check")) {
    const onDisk = readFileSync(TOOLSIFT_SERVERS_PATH, "utf8");
    if (onDisk !== text) {
      console.error(`${TOOLSIFT_SERVERS_PATH} is stale; run without --check to rewrite it`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(TOOLSIFT_SERVERS_PATH, text);
    console.log(`wrote ${TOOLSIFT_SERVERS_PATH}`);
  }
}
