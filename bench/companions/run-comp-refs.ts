/**
 * COMP@5 (every tool a multi-tool query needs among the first 5 matches, nothing taught) of a
 * base ref and the working tree, each through its own built `createToolSearch` with every
 * default, on the shared multi-tool sets: how far whole answers moved since a release, as a
 * user of each version gets them. Each (version, set, ranker) runs in a fresh process
 * (`comp-probe.ts`). Writes `bench/results/<UTC stamp>-comp-refs.md` and `.json`. Without the
 * shared datasets it says so and exits 0.
 *
 *   npx tsx bench/companions/run-comp-refs.ts --base 646f9dd   # 0.2.0 as released
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { jsonLinesOf } from "../checkout-rounds.js";
import { buildRefDist, workingTreeDist } from "../cold-start/ref-dist.js";
import { writeResults } from "../report/results-files.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SHARED_DATASETS = process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(ROOT, "..", "shared", "datasets");
const SETS = ["toolbench_stabletoolbench", "seal_tools", "bfcl_v4", "apibank"];
const RANKERS = ["bm25", "hybrid"] as const;
const PROBE = fileURLToPath(new URL("./comp-probe.ts", import.meta.url));

interface ProbeLine {
  ranker: string;
  multi: number;
  whole: number;
  cut: number;
}

const { values } = parseArgs({ options: { base: { type: "string", default: "646f9dd" } } });
if (!existsSync(SHARED_DATASETS)) {
  console.error(`comp-refs: no shared datasets at ${SHARED_DATASETS}; set TOOLSIFT_SHARED_DATASETS. Nothing measured.`);
  process.exit(0);
}
const log = (message: string) => console.error(message);
const base = buildRefDist(ROOT, values.base, log);
const rows: { set: string; ranker: string; base: ProbeLine; head: ProbeLine }[] = [];
let head: ReturnType<typeof workingTreeDist>;
try {
  head = workingTreeDist(ROOT, true, log);
  for (const set of SETS) {
    const file = join(SHARED_DATASETS, `${set}.json`);
    for (const ranker of RANKERS) {
      const [before] = jsonLinesOf<ProbeLine>(PROBE, [base.module, file, ranker], ROOT);
      const [after] = jsonLinesOf<ProbeLine>(PROBE, [head.module, file, ranker], ROOT);
      rows.push({ set, ranker, base: before!, head: after! });
      log(`comp-refs: ${set} · ${ranker} done`);
    }
  }
} finally {
  base.remove();
}
const share = (line: ProbeLine) => ((100 * line.whole) / line.multi).toFixed(1);
const markdown = [
  "# COMP@5 since a release",
  "",
  `Base \`${base.commit.slice(0, 12)}\` (${base.subject}); head \`${head.commit.slice(0, 12)}\`${head.dirty ? " with uncommitted changes" : ""} (${head.subject}). ` +
    "Each version's own `createToolSearch` with every default, built and run in a fresh process per set and ranker; every multi-tool query of the set, nothing taught; " +
    "COMP@5 is the share of them with every needed tool among the first 5 matches. A request a version refuses as too long is cut as its hosts had to cut it (to 2,000 characters, or 500 for a version that takes no more); *cut* counts them.",
  "",
  "| set | ranker | queries | base COMP@5 | head COMP@5 | change (points) | cut: base / head |",
  "|---|---|---:|---:|---:|---:|---|",
  ...rows.map(
    ({ set, ranker, base: before, head: after }) =>
      `| ${set} | ${ranker} | ${after.multi} | ${share(before)} | ${share(after)} | ${(Number(share(after)) - Number(share(before))).toFixed(1)} | ${before.cut} / ${after.cut} |`,
  ),
  "",
].join("\n");
const written = await writeResults(join(ROOT, "bench", "results"), "comp-refs", markdown, {
  base: base.commit,
  head: head.commit,
  dirty: head.dirty,
  rows,
});
process.stdout.write(markdown);
log(`comp-refs: wrote ${written}.md`);
