import { LAYERS, type Layer } from "./layer-table.js";

/** One of biome.jsonc's overrides, as the generator writes it. */
export interface LayerOverride {
  includes: string[];
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error";
          options: { patterns: { group: string[]; message: string }[] };
        };
      };
    };
  };
}

/** The layers a layer may import: its own `mayImport`, or every layer below it. */
function allowedLayers(layer: Layer, position: number): Set<string> {
  if (layer.mayImport !== undefined) return new Set([layer.name, ...layer.mayImport]);
  return new Set(LAYERS.slice(0, position + 1).map((below) => below.name));
}

/** How an import from this layer's files names a folder: from a root file `./x/**`, from a folder `../**\/x/**`. */
function patternsFor(importer: Layer, folder: string): string[] {
  const fromRoot = importer.files.some((file) => !file.slice("src/".length).includes("/"));
  const fromFolder = importer.files.some((file) => file.slice("src/".length).includes("/"));
  return [...(fromRoot ? [`./${folder}/**`] : []), ...(fromFolder ? [`../**/${folder}/**`] : [])];
}

function messageFor(layer: Layer, allowed: Set<string>): string {
  if (layer.why !== undefined) return layer.why;
  const below = LAYERS.filter((other) => other !== layer && allowed.has(other.name)).map((other) => other.name);
  return (
    `${layer.name} may import only the layers below it (${below.join(", ")}); ` +
    "see the layer table in scripts/layers/layer-table.ts."
  );
}

/** The lint overrides that hold every layer to the table, bottom to top. */
export function layerOverrides(): LayerOverride[] {
  return LAYERS.flatMap((layer, position) => {
    const allowed = allowedLayers(layer, position);
    const group = LAYERS.filter((other) => other.folder !== undefined && !allowed.has(other.name)).flatMap((other) =>
      patternsFor(layer, other.folder!),
    );
    if (group.length === 0) return [];
    const includes = [...layer.files, "!**/*.test.ts", "!**/*.fixture.ts"];
    return [
      {
        includes,
        linter: {
          rules: {
            style: {
              noRestrictedImports: {
                level: "error" as const,
                options: { patterns: [{ group, message: messageFor(layer, allowed) }] },
              },
            },
          },
        },
      },
    ];
  });
}

/** The layout table for docs/contributing.md, top layer first, as a reader meets them. */
export function layoutMarkdown(): string {
  const rows = [...LAYERS].reverse().map((layer) => {
    const files = layer.files.map((file) => `\`${file}\``).join(", ");
    return `| ${layer.name} | ${files} | ${layer.purpose} |`;
  });
  return ["| layer | files | what it holds |", "|---|---|---|", ...rows].join("\n");
}

/** The markers around the generated parts, in biome.jsonc and in docs/contributing.md. */
export const BEGIN = "<layers: generated from scripts/layers/layer-table.ts>";
export const END = "</layers>";
