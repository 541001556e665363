/**
 * How many schemas of each shared dataset, and of the example catalogue, needed which fallback
 * to reach Gemini's schema subset (`toGeminiParameters`), and whether every declaration passes
 * the documentation's check (test/support/gemini-schema-check.ts).
 *
 * Run: `npx tsx bench/gemini/gemini-fallbacks.ts` (shared datasets from `TOOLSIFT_SHARED_DATASETS`,
 * default `../shared/datasets`; skipped with a note when absent).
 *
 * @module
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { fullToolOf, geminiDeclarationOf, type AnthropicTool, type GeminiFallbackKind } from "../../src/wire/index.js";
import { checkGeminiDeclaration } from "../../test/support/gemini-schema-check.js";
import { tuningDatasetPaths } from "../tuning/tuning-datasets.js";

/** One set's counts: tools, tools with any fallback, tools per fallback kind, declarations refused. */
export interface FallbackCounts {
  set: string;
  tools: number;
  withFallback: number;
  renamedTools: number;
  byKind: Partial<Record<GeminiFallbackKind, number>>;
  refused: { name: string; problems: string[] }[];
}

/** Counts over wire tools (each kind counted once per tool). */
export function countFallbacks(set: string, tools: readonly AnthropicTool[]): FallbackCounts {
  const counts: FallbackCounts = {
    set,
    tools: tools.length,
    withFallback: 0,
    renamedTools: 0,
    byKind: {},
    refused: [],
  };
  for (const tool of tools) {
    const { declaration, conversion } = geminiDeclarationOf(tool);
    if (declaration.name !== tool.name) counts.renamedTools++;
    const kinds = new Set(conversion.fallbacks.map((fallback) => fallback.kind));
    if (kinds.size > 0) counts.withFallback++;
    for (const kind of kinds) counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
    const problems = checkGeminiDeclaration(declaration);
    if (problems.length > 0) counts.refused.push({ name: tool.name, problems });
  }
  return counts;
}

/** The example catalogue's tools as the session sends them. */
export function exampleWireTools(): AnthropicTool[] {
  return exampleCatalogue.map((definition, index) => fullToolOf(parseTool(definition, `examples[${index}]`)));
}

/** A shared dataset's tools (those with an input_schema) as wire tools. */
export async function datasetWireTools(path: string): Promise<AnthropicTool[]> {
  const data = JSON.parse(await readFile(path, "utf8")) as {
    tools: { name: string; description: string; input_schema?: AnthropicTool["input_schema"] }[];
  };
  return data.tools.flatMap((tool) =>
    tool.input_schema ? [{ name: tool.name, description: tool.description, input_schema: tool.input_schema }] : [],
  );
}

async function main(): Promise<void> {
  const sets: FallbackCounts[] = [countFallbacks("examples", exampleWireTools())];
  const paths = (await tuningDatasetPaths()).filter((path) => !path.endsWith("toolsift-servers.json"));
  if (paths.length === 0)
    console.log("(no shared datasets: set TOOLSIFT_SHARED_DATASETS or put them in ../shared/datasets)");
  for (const path of paths) {
    const tools = await datasetWireTools(path);
    if (tools.length > 0) sets.push(countFallbacks(basename(path, ".json"), tools));
  }
  console.log(
    "| set | tools | with a fallback | renamed tools | fallbacks (tools) | refused |\n|---|---|---|---|---|---|",
  );
  for (const set of sets) {
    const kinds = Object.entries(set.byKind)
      .sort(([, a], [, b]) => b - a)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(", ");
    console.log(
      `| ${set.set} | ${set.tools} | ${set.withFallback} | ${set.renamedTools} | ${kinds || "none"} | ${set.refused.length} |`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
