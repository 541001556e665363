import { evaluateRanker } from "../evaluate-ranker.js";
import type { BenchDataset } from "../load-dataset.js";
import { collectGarbage } from "../memory-probe.js";
import { REFERENCE_RANKER_ID, type RankerEntry } from "../rankers.js";
import type { PersistenceRun, ScaleRun, SessionScaleRun } from "../report/bench-report.js";
import { PERSISTENCE_NOTE, persistenceTable, SCALE_NOTE, scaleTable } from "../report/markdown.js";
import { sessionScaleSection } from "../report/markdown-sections.js";
import { scalePanel, sessionScalePanel } from "../report/svg-chart.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { measureSessionScale } from "../scale/measure-session-scale.js";
import { measurePersistedReload, PERSISTENT_RANKERS } from "../scale/persisted-reload.js";
import { RATIO_TARGETS_FROM, scaleRatios } from "../scale/scale-ratios.js";
import { RETRIEVAL_LIMIT } from "./retrieval.js";
import { anyError, defineSection } from "./section.js";

/** The scale section always runs toolsift's bm25 and the reference next to the selected rankers: the ratios need both. */
export function scaleRankers(selected: readonly RankerEntry[], all: readonly RankerEntry[]): RankerEntry[] {
  const ids = new Set(selected.map((ranker) => ranker.id));
  const required = all.filter(
    (ranker) => (ranker.id === "bm25" || ranker.id === REFERENCE_RANKER_ID) && !ids.has(ranker.id),
  );
  return [...selected, ...required];
}

type ScaleFields = { scale: ScaleRun[]; sessionScale: SessionScaleRun[]; persistence: PersistenceRun[] };

/**
 * Generated catalogues with skewed vocabulary: every ranker at each size, toolsift through a
 * session with the reference timed alongside (the ratio targets), then the embedding rankers'
 * indexes reloaded from `cacheDir` at the largest size.
 */
export const scaleSection = defineSection<ScaleFields>({
  id: "scale",
  title: "Scale (generated catalogues)",
  enabled: (options) => !options.noScale,
  skipped: () => ({ scale: [], sessionScale: [], persistence: [] }),
  async measure(ctx) {
    const scale: ScaleRun[] = [];
    const sessionScale: SessionScaleRun[] = [];
    const entries = scaleRankers(ctx.rankers, ctx.registry);
    ctx.addRankers(entries);
    let largestCatalogue: BenchDataset | undefined;
    for (const size of ctx.options.sizes) {
      const catalogue = generateSkewedCatalogue({ size, queries: ctx.options.scaleQueries, seed: ctx.options.seed });
      ctx.log(`scale: ${size} generated tools (skewed vocabulary), ${catalogue.queries.length} queries`);
      for (const ranker of entries) {
        const run = await evaluateRanker(ranker, catalogue, catalogue.queries, { limit: RETRIEVAL_LIMIT });
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        scale.push({ ...run, size });
      }
      ctx.log(`scale: ${size} tools through createToolSearch and a session`);
      const session = await measureSessionScale(catalogue, {
        limit: RETRIEVAL_LIMIT,
        repeats: ctx.options.quick ? 10 : 20,
      });
      if (session.error) ctx.log(`  session failed: ${session.error}`);
      sessionScale.push(session);
      largestCatalogue = catalogue;
    }

    const persistence: PersistenceRun[] = [];
    const persistent = ctx.rankers.filter((ranker) => Object.hasOwn(PERSISTENT_RANKERS, ranker.id));
    if (largestCatalogue) {
      for (const ranker of persistent) {
        ctx.log(
          `persistence: ${ranker.id} — build ${largestCatalogue.tools.length} tools into a temporary cacheDir, then reload in a new instance`,
        );
        const run = await measurePersistedReload(ranker.id, largestCatalogue);
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        else if (run.embeddedDuringReload > 0)
          ctx.note(
            `${ranker.id}: the reload from cacheDir embedded ${run.embeddedDuringReload} texts; it should embed none.`,
          );
        persistence.push(run);
      }
    }
    largestCatalogue = undefined;
    collectGarbage?.();
    return { scale, sessionScale, persistence };
  },
  failed: (measured) => anyError(measured.scale, measured.sessionScale, measured.persistence),
  rows: (measured) =>
    scaleRatios(measured.sessionScale)
      .filter((entry) => entry.size >= RATIO_TARGETS_FROM)
      .flatMap((entry) => entry.rows),
  markdown: (measured) =>
    [
      "## Scale (generated catalogues)",
      SCALE_NOTE,
      measured.scale.length > 0 ? scaleTable(measured) : "_No scale runs._",
      ...sessionScaleSection(measured),
      ...(measured.persistence.length > 0
        ? ["### Persistence: reload from `cacheDir`", PERSISTENCE_NOTE, persistenceTable(measured)]
        : []),
    ].join("\n\n"),
  svg: (measured) => [scalePanel(measured), ...sessionScalePanel(measured)],
});
