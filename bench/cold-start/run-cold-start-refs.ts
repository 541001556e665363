/**
 * `npm run bench:cold-start-refs -- --base <ref>`: cold start of two git refs in one run, as
 * ratios (see USAGE in cold-start-refs-options.ts). Writes
 * `bench/results/<UTC stamp>-cold-start-refs.md` and `.json`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { writeResults } from "../report/results-files.js";
import { fileURLToPath } from "node:url";
import { parseColdStartRefsArgs, USAGE } from "./cold-start-refs-options.js";
import { coldStartRefsMarkdown, summariseRefs, type ColdStartRefsReport } from "./cold-start-refs-report.js";
import { measureColdStartRefs } from "./measure-cold-start-refs.js";
import { meanToolChars, realisticCatalogue } from "./realistic-catalogue.js";
import { buildRefDist, workingTreeDist, type RefDist } from "./ref-dist.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

async function main(): Promise<number> {
  let options: ReturnType<typeof parseColdStartRefsArgs>;
  try {
    options = parseColdStartRefsArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const log = (message: string) => console.error(message);
  const startedAt = new Date();
  const loadStart = loadavg()[0] ?? 0;
  const work = mkdtempSync(join(tmpdir(), "toolsift-cold-start-refs-"));
  const built: RefDist[] = [];
  // An interrupted run still removes its worktrees.
  const onSignal = () => {
    for (const dist of built) dist.remove();
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const base = buildRefDist(ROOT, options.base, log);
    built.push(base);
    const head =
      options.head === undefined
        ? { ...workingTreeDist(ROOT, !options.noBuild, log), ref: "working tree" }
        : { ...buildRefDist(ROOT, options.head, log), ref: options.head, dirty: false };
    if ("remove" in head) built.push(head);

    const catalogue = realisticCatalogue(options.tools);
    const catalogueFile = join(work, "catalogue.json");
    writeFileSync(catalogueFile, JSON.stringify(catalogue));
    const { samples, errors } = measureColdStartRefs(
      { base: base.module, head: head.module },
      { runs: options.runs, catalogueFile, log },
    );
    const report: ColdStartRefsReport = {
      formatVersion: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      base: { ref: options.base, commit: base.commit, subject: base.subject, dirty: false },
      head: { ref: head.ref, commit: head.commit, subject: head.subject, dirty: head.dirty },
      options: { runs: options.runs, tools: options.tools },
      catalogue: {
        name: "the realistic catalogue (bench/cold-start/realistic-catalogue.ts)",
        tools: catalogue.tools.length,
        toolChars: meanToolChars(catalogue),
        firstQuery: catalogue.queries[0] ?? "",
      },
      machine: { cpus: availableParallelism(), node: process.version, loadStart, loadEnd: loadavg()[0] ?? 0 },
      rows: summariseRefs(samples),
      samples,
      errors,
      notes: [],
    };
    const outDir = resolve(options.out ?? join(ROOT, "bench", "results"));
    const markdown = coldStartRefsMarkdown(report);
    const file = await writeResults(outDir, "cold-start-refs", markdown, report, startedAt);
    process.stdout.write(markdown);
    log(`cold-start-refs: wrote ${relative(process.cwd(), file)}.md and .json`);
    return errors.length ? 1 : 0;
  } finally {
    for (const dist of built) dist.remove();
    rmSync(work, { recursive: true, force: true });
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

process.exitCode = await main();
