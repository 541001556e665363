import { emptyPackageRun, measurePackage } from "../package/measure-package.js";
import type { PackageRun } from "../report/bench-report.js";
import { packageSection as packageMarkdown } from "../report/markdown-sections.js";
import { defineSection, type TargetRow } from "./section.js";

/** The package targets; none when the section did not run, not measured when it failed. */
export function packageRows(run: PackageRun | null): TargetRow[] {
  if (!run) return [];
  const ok = run.error ? undefined : run;
  const scope = "packed package, fresh project";
  return [
    { target: "package.node-modules.mb", scope, measured: ok ? ok.nodeModulesMB : null },
    { target: "package.install-scripts.count", scope, measured: ok ? ok.installScripts.length : null },
    { target: "package.import.ms", scope, measured: ok ? ok.importMs.median : null },
    { target: "package.hybrid-1000-tiny.ms", scope, measured: ok ? ok.hybrid1k.createAndSearchMs.median : null },
    { target: "package.hybrid-1000-tiny.rss-mb", scope, measured: ok ? ok.hybrid1k.rssMB.median : null },
    { target: "package.hybrid-10000.build.ms", scope, measured: ok ? ok.hybrid10k.buildMs : null },
    { target: "package.hybrid-10000.search-p50.ms", scope, measured: ok ? ok.hybrid10k.searchMs.p50 : null },
  ];
}

/** The packed package installed in a fresh project: install size and scripts, import time, hybrid timings in fresh processes. */
export const packageSection = defineSection<{ package: PackageRun | null }>({
  id: "package",
  title: "The packed package",
  enabled: (options) => !options.noPackage,
  skipped: () => ({ package: null }),
  async measure(ctx) {
    let run: PackageRun;
    try {
      run = await measurePackage({
        seed: ctx.options.seed,
        queries: ctx.options.scaleQueries,
        log: ctx.log,
        packed: await ctx.packedProject(),
      });
    } catch (error) {
      run = { ...emptyPackageRun(), error: (error as Error).message.slice(0, 4_000) };
    }
    if (run.error) ctx.log(`  package section failed: ${run.error.split("\n")[0]}`);
    return { package: run };
  },
  failed: (measured) => Boolean(measured.package?.error),
  rows: (measured) => packageRows(measured.package),
  markdown: (measured) => (measured.package ? packageMarkdown(measured).join("\n\n") : ""),
});
