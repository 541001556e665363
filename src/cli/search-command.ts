import { absentNote, absentProducts, firstSentence } from "../for-apps.js";
import type { CliIo } from "./cli-io.js";
import { loadCatalogue } from "./load-catalogue.js";
import type { CliCommand } from "./parse-cli.js";

/** `toolsift search`: the ranked matches of one query, with scores. */
export async function searchCommand(command: Extract<CliCommand, { command: "search" }>, io: CliIo): Promise<number> {
  const catalogue = await loadCatalogue(command.source, command.ranker, io);
  try {
    const matches = await catalogue.toolSearch.search(command.query, { limit: command.limit });
    if (command.json) {
      io.out(`${JSON.stringify({ query: command.query, ranker: catalogue.ranker, matches }, null, 2)}\n`);
      return 0;
    }
    if (matches.length === 0 && !catalogue.tools.some((tool) => catalogue.permits(tool.name))) {
      // Other words cannot help a catalogue with nothing in it (or nothing allow/deny lets through).
      io.out(`No tools to search: ${catalogue.file} has none that a client would see.\n`);
      return 0;
    }
    if (matches.length === 0) {
      io.out(
        `No tool matched "${command.query}" (ranker ${catalogue.ranker}). Try other words for the action or the thing it acts on.\n`,
      );
      return 0;
    }
    const width = Math.max(...matches.map((match) => match.name.length));
    const lines = matches.map(
      (match, index) =>
        `${String(index + 1).padStart(2)}. ${match.score.toFixed(3).padStart(8)}  ${match.confidence === "weak" ? "weak  " : "      "}${match.name.padEnd(width)}  ${firstSentence(match.description)}`,
    );
    let weak = "";
    if (matches[0]!.confidence === "weak") {
      // As search_tools says it: the products asked for that no tool of the catalogue names.
      const absent = absentProducts(command.query, catalogue.tools);
      weak = `\nThe best match is weak: the catalogue may not have a tool for this.\n${absent.length > 0 ? `${absentNote(absent)}\n` : ""}`;
    }
    io.out(
      `Matches for "${command.query}" (ranker ${catalogue.ranker}; rank, score, confidence, tool):\n${lines.join("\n")}\n${weak}`,
    );
    return 0;
  } finally {
    await catalogue.close();
  }
}
