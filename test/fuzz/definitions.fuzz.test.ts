import { describe, expect, it } from "vitest";
import { parseCatalogue } from "../../src/catalogue/index.js";
import { CatalogueError, createToolSearch, type ToolDefinition, type ToolSearchEvent } from "../../src/index.js";
import { fuzzDefinition } from "./fuzz-definitions.js";
import { Prng } from "./prng.js";

const SEED = 0x5eed_0001;
const COUNT = 1_500;

function definitions(): unknown[] {
  const prng = new Prng(SEED);
  return Array.from({ length: COUNT }, (_, index) => fuzzDefinition(prng, index));
}

describe(`fuzzed tool definitions (seed ${SEED.toString(16)}, ${COUNT} definitions)`, () => {
  const accepted = new Set<string>();
  /** Accepted only once their schema was mended (see mendSchema). */
  const mended = new Set<string>();

  it("from an array: each is accepted or a CatalogueError, and every accepted schema compiles", async () => {
    const codes = new Map<string, number>();
    for (const definition of definitions()) {
      let name: string | undefined;
      try {
        const [tool] = parseCatalogue([definition], "tools");
        name = tool!.name;
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(CatalogueError);
        const { code } = error as CatalogueError;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        continue;
      }
      accepted.add(name);
      // The check at creation vouches that the validator compiles: no tool is accepted only
      // to be found uncheckable at its first call.
      // So does it for a schema mended to be checked.
      const [tool] = parseCatalogue([definition], "tools");
      const compiled = tool!.validator.validator();
      expect(compiled instanceof Error ? compiled.message : "compiled", name).toBe("compiled");
      if (tool!.mends) mended.add(name);
    }
    console.info(
      `definitions from arrays: ${COUNT} fuzzed, ${accepted.size} accepted (${mended.size} mended), ${COUNT - accepted.size} rejected (${[...codes].map(([code, count]) => `${code} ${count}`).join(", ")})`,
    );
    expect(accepted.size).toBeGreaterThan(COUNT / 4);
    expect(COUNT - accepted.size).toBeGreaterThan(COUNT / 10);
  });

  it("through createToolSearch, in batches of 3: it resolves or rejects with a CatalogueError", async () => {
    const all = definitions();
    let resolved = 0;
    for (let start = 0; start < 300; start += 3) {
      const batch = all.slice(start, start + 3) as ToolDefinition[];
      const outcome = await createToolSearch({ tools: batch }).then(
        () => "ok",
        (error: unknown) => error,
      );
      if (outcome === "ok") resolved++;
      else expect(outcome, String(outcome)).toBeInstanceOf(CatalogueError);
    }
    expect(resolved).toBeGreaterThan(0);
  });

  it("from a host: nothing throws, exactly the accepted tools are listed, the rest are skipped with a warning", async () => {
    const events: ToolSearchEvent[] = [];
    const listed = definitions() as ToolDefinition[];
    const toolSearch = await createToolSearch({
      tools: { listTools: async () => listed },
      onEvent: (event) => events.push(event),
    });
    const session = toolSearch.session();
    const names = (await session.view()).all.map((tool) => tool.name);
    expect(new Set(names)).toEqual(accepted);
    const warnings = events.filter((event) => event.type === "warning" && event.code !== "schema_mended");
    expect(warnings.length).toBe(COUNT - accepted.size);
    const mendWarnings = events.filter((event) => event.type === "warning" && event.code === "schema_mended");
    expect(mendWarnings.length).toBe(mended.size);
    await expect(toolSearch.search("create a record")).resolves.toBeInstanceOf(Array);
    let answered = 0;
    for (const name of names.slice(0, 200)) {
      const result = await session.execute({ type: "tool_use", id: `toolu_${name}`, name, input: {} });
      expect(result.tool_use_id).toBe(`toolu_${name}`);
      answered++;
    }
    console.info(
      `definitions from a host: ${COUNT} listed, ${names.length} kept, ${warnings.length} skipped with a warning; ${answered} kept tools called`,
    );
  });
});
