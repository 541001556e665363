import { existsSync } from "node:fs";
import { relative } from "node:path";
import { loadDataset } from "../load-dataset.js";
import type { BlockSavingRun } from "../report/bench-report.js";
import { count } from "../report/format.js";
import { blockSavingSection as blockSavingMarkdown } from "../report/markdown-sections.js";
import {
  datasetBlockCatalogue,
  everythingBlockCatalogue,
  exampleBlockCatalogue,
} from "../strategy/block-saving-catalogues.js";
import { measureBlockSaving } from "../strategy/measure-block-saving.js";
import { anyError, defineSection, type TargetRow } from "./section.js";

/**
 * The stub-diet rows: the example catalogue against its own limit, every other catalogue as a
 * light one. A catalogue under the default threshold gets no row: toolsift ships it in full.
 */
export function blockSavingRows(runs: readonly BlockSavingRun[]): TargetRow[] {
  return runs
    .filter((run) => run.error || run.progressiveByDefault)
    .map((run) => {
      const perTool = run.tools > 0 ? Math.round(run.fullTokens / run.tools) : 0;
      return {
        target:
          run.catalogue === "example-catalogue"
            ? "block-saving.example-catalogue.pct"
            : "block-saving.light-catalogue.pct",
        scope: `${run.catalogue} (${count(run.tools)} tools, ~${count(perTool)} tokens a tool)`,
        measured: run.error ? null : run.saving * 100,
      };
    });
}

/** The session's tool block after one search and one hydration, on the example catalogue, toolsift's own dataset and the reference MCP server. */
export const blockSavingSection = defineSection<{ blockSaving: BlockSavingRun[] }>({
  id: "block-saving",
  title: "Tool-block saving after one search and one hydration",
  enabled: () => true,
  skipped: () => ({ blockSaving: [] }),
  async measure(ctx) {
    const catalogues = [exampleBlockCatalogue()];
    const { ownDataset, repoRoot } = ctx.paths;
    const own =
      (await ctx.datasets()).find((dataset) => dataset.path === ownDataset) ??
      (existsSync(ownDataset) ? await loadDataset(ownDataset) : undefined);
    if (own) {
      const catalogue = datasetBlockCatalogue(own, relative(repoRoot, ownDataset));
      // Its 321 stubs exceed the default stub budget, so by default it is searched, not listed;
      // the second row keeps every stub listed, to measure the stubs themselves on a light catalogue.
      catalogues.push(catalogue, {
        ...catalogue,
        id: `${catalogue.id}, every stub listed`,
        tuning: { maxStubTokens: Number.MAX_SAFE_INTEGER },
      });
    }
    try {
      catalogues.push(await everythingBlockCatalogue());
    } catch (error) {
      ctx.note(
        `tool-block saving: the reference MCP server (server-everything) could not be listed, so it was left out: ${(error as Error).message}`,
      );
    }
    const blockSaving: BlockSavingRun[] = [];
    for (const catalogue of catalogues) {
      ctx.log(`tool-block saving: ${catalogue.id} — ${catalogue.tools.length} tools`);
      const run = await measureBlockSaving(catalogue);
      if (run.error) ctx.log(`  ${catalogue.id} failed: ${run.error}`);
      blockSaving.push(run);
    }
    return { blockSaving };
  },
  failed: (measured) => anyError(measured.blockSaving),
  rows: (measured) => blockSavingRows(measured.blockSaving),
  markdown: (measured) => blockSavingMarkdown(measured).join("\n\n"),
});
