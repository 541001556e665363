import type { ToolDefinition } from "../../src/index.js";
import { fromMcp } from "../../src/public/mcp.js";
import { everythingServerEntry } from "../../test/support/mcp-servers.js";
import type { BenchDataset } from "../load-dataset.js";
import { queriesFromNames, type BlockSavingCatalogue } from "./measure-block-saving.js";
import { exampleStrategyCatalogue, strategyCatalogueOf } from "./strategy-catalogues.js";

/** The example catalogue (examples/catalogue) with the queries written for it. */
export function exampleBlockCatalogue(): BlockSavingCatalogue {
  return { ...exampleStrategyCatalogue(), source: "examples/catalogue" };
}

/** A bench dataset's tools with its single-tool queries. */
export function datasetBlockCatalogue(dataset: BenchDataset, source: string): BlockSavingCatalogue {
  return { ...strategyCatalogueOf(dataset), source };
}

/**
 * The real tools of the reference MCP server (@modelcontextprotocol/server-everything, a
 * devDependency), listed through `fromMcp` over stdio. The server is closed before this
 * returns; the definitions keep no `execute`, so a measuring session never runs one of its
 * tools (some sleep or stream for seconds).
 */
export async function everythingBlockCatalogue(): Promise<BlockSavingCatalogue> {
  const host = await fromMcp({
    everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
  });
  try {
    const tools: ToolDefinition[] = (await host.listTools()).map(({ execute: _execute, ...definition }) => definition);
    return {
      id: "server-everything",
      source: "@modelcontextprotocol/server-everything via fromMcp",
      tools,
      queries: queriesFromNames(tools),
    };
  } finally {
    await host.close();
  }
}
