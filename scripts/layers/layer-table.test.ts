import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJsonc } from "../../src/gateway/settings/parse-jsonc.js";
import { BEGIN, END, layerOverrides, layoutMarkdown } from "./generate-layers.js";
import { LAYERS } from "./layer-table.js";
import { betweenMarkers } from "./marked-region.js";

const FIX = "Run `npx tsx scripts/layers/write-layers.ts` after changing scripts/layers/layer-table.ts.";

describe("the layer table", () => {
  it("is what biome.jsonc's import rules say", () => {
    const region = betweenMarkers(readFileSync("biome.jsonc", "utf8"), `// ${BEGIN}`, `// ${END}`);
    const parsed = parseJsonc(`[${region}]`);
    if (!parsed.ok) throw new Error(`biome.jsonc's generated layering does not parse. ${FIX}`);
    expect(parsed.value, FIX).toEqual(layerOverrides());
  });

  it("is the layout docs/contributing.md shows", () => {
    const doc = "docs/contributing.md";
    if (!existsSync(doc)) throw new Error(`${doc} is missing: the layout is documented there.`);
    const region = betweenMarkers(readFileSync(doc, "utf8"), `<!-- ${BEGIN} -->`, `<!-- ${END} -->`);
    expect(region.trim(), FIX).toBe(layoutMarkdown());
  });

  it("covers every folder of src/ and keeps testing/ above the library's internals", () => {
    const folders = new Set(LAYERS.flatMap((layer) => (layer.folder === undefined ? [] : [layer.folder])));
    // src/types holds declaration files for untyped packages, which nothing imports by path.
    const inSrc = readdirSync("src", { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && entry.name !== "types",
    );
    expect(inSrc.map((entry) => entry.name).filter((name) => !folders.has(name))).toEqual([]);
    const forSession = layerOverrides().find((override) => override.includes.includes("src/session/**"));
    const group = forSession?.linter.rules.style.noRestrictedImports.options.patterns[0]?.group ?? [];
    expect(group).toContain("../**/testing/**");
  });
});
