// Writes the layering from scripts/layers/layer-table.ts into biome.jsonc (the lint's import
// rules) and docs/contributing.md (the layout), between their markers:
//
//   npx tsx scripts/layers/write-layers.ts
//
// scripts/layers/layer-table.test.ts fails until this has been run after a change to the table.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { BEGIN, END, layerOverrides, layoutMarkdown } from "./generate-layers.js";
import { replaceBetween } from "./marked-region.js";

const overrides = layerOverrides()
  .map((override) => JSON.stringify(override))
  .join(",\n");
writeFileSync(
  "biome.jsonc",
  replaceBetween(readFileSync("biome.jsonc", "utf8"), `// ${BEGIN}`, `// ${END}`, `${overrides},`),
);
execFileSync("npx", ["biome", "format", "--write", "biome.jsonc"], { stdio: "inherit" });

const doc = "docs/contributing.md";
if (existsSync(doc)) {
  writeFileSync(
    doc,
    replaceBetween(readFileSync(doc, "utf8"), `<!-- ${BEGIN} -->`, `<!-- ${END} -->`, layoutMarkdown()),
  );
}
