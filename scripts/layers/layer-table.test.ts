import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJsonc } from "../../src/gateway/settings/parse-jsonc.js";
import { BEGIN, END, layerOverrides, layoutMarkdown } from "./generate-layers.js";
import { GATEWAY_LAYERS, LAYERS } from "./layer-table.js";
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

  it("covers every folder of src/gateway/, none named as a folder of src/ (the lint matches folders by name)", () => {
    const inner = new Set(GATEWAY_LAYERS.map((layer) => layer.folder));
    const inGateway = readdirSync("src/gateway", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(inGateway.map((entry) => entry.name).filter((name) => !inner.has(name))).toEqual([]);
    const outer = new Set(LAYERS.map((layer) => layer.folder));
    expect([...inner].filter((name) => outer.has(name))).toEqual([]);
  });

  it("forbids the gateway's lowest folder to import its top one, and keeps gateway/'s own bounds there", () => {
    const lowest = GATEWAY_LAYERS[0]!;
    const top = GATEWAY_LAYERS.at(-1)!;
    const override = layerOverrides().find((candidate) => candidate.includes.includes(lowest.files[0]!));
    const groups = override?.linter.rules.style.noRestrictedImports.options.patterns.flatMap((p) => p.group) ?? [];
    expect(groups).toContain(`../**/${top.folder}/**`);
    expect(groups).toContain("../**/session/**");
    // The top folder may import every folder below it: its rule names no inner folder.
    const forTop = layerOverrides().find((candidate) => candidate.includes.includes(top.files[0]!));
    const topGroups = forTop?.linter.rules.style.noRestrictedImports.options.patterns.flatMap((p) => p.group) ?? [];
    for (const layer of GATEWAY_LAYERS) expect(topGroups).not.toContain(`../**/${layer.folder}/**`);
  });
});
