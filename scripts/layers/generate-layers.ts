import { GATEWAY_LAYERS, LAYERS, type Layer } from "./layer-table.js";

/** One of biome.jsonc's overrides, as the generator writes it. */
export interface LayerOverride {
  includes: string[];
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error";
          options: { patterns: RestrictedPattern[] };
        };
      };
    };
  };
}

/** Imports a layer may not make, and the lint's message when one does. */
export interface RestrictedPattern {
  group: string[];
  message: string;
}

/** The layers a layer may import: its own `mayImport`, or every layer below it in its table. */
function allowedLayers(table: readonly Layer[], layer: Layer, position: number): Set<string> {
  if (layer.mayImport !== undefined) return new Set([layer.name, ...layer.mayImport]);
  return new Set(table.slice(0, position + 1).map((below) => below.name));
}

/** How an import from this layer's files names a folder: from a root file `./x/**`, from a folder `../**\/x/**`. */
function patternsFor(importer: Layer, folder: string): string[] {
  const fromRoot = importer.files.some((file) => !file.slice("src/".length).includes("/"));
  const fromFolder = importer.files.some((file) => file.slice("src/".length).includes("/"));
  return [...(fromRoot ? [`./${folder}/**`] : []), ...(fromFolder ? [`../**/${folder}/**`] : [])];
}

function messageFor(table: readonly Layer[], layer: Layer, allowed: Set<string>): string {
  if (layer.why !== undefined) return layer.why;
  const below = table.filter((other) => other !== layer && allowed.has(other.name)).map((other) => other.name);
  if (below.length === 0)
    return `${layer.name} is the bottom layer of its table: it imports none of the folders beside it; see scripts/layers/layer-table.ts.`;
  return (
    `${layer.name} may import only the layers below it (${below.join(", ")}); ` +
    "see the layer table in scripts/layers/layer-table.ts."
  );
}

/** What each layer of a table may not import, bottom to top (empty for a layer free to import all). */
function restrictions(table: readonly Layer[]): { layer: Layer; pattern: RestrictedPattern | undefined }[] {
  return table.map((layer, position) => {
    const allowed = allowedLayers(table, layer, position);
    const group = table
      .filter((other) => other.folder !== undefined && !allowed.has(other.name))
      .flatMap((other) => patternsFor(layer, other.folder!));
    return { layer, pattern: group.length === 0 ? undefined : { group, message: messageFor(table, layer, allowed) } };
  });
}

function override(files: readonly string[], patterns: RestrictedPattern[]): LayerOverride {
  return {
    includes: [...files, "!**/*.test.ts", "!**/*.fixture.ts"],
    linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
  };
}

/**
 * The lint overrides that hold every layer to the tables, bottom to top: src/'s layers, then the
 * folders inside src/gateway/. A file takes the last override that sets the rule, so an inner
 * folder's override repeats what gateway/ may not import beside its own upward folders.
 */
export function layerOverrides(): LayerOverride[] {
  const outer = restrictions(LAYERS);
  const forGateway = outer.find(({ layer }) => layer.folder === "gateway")?.pattern;
  const inner = restrictions(GATEWAY_LAYERS).flatMap(({ layer, pattern }) =>
    pattern === undefined ? [] : [override(layer.files, [...(forGateway ? [forGateway] : []), pattern])],
  );
  return [
    ...outer.flatMap(({ layer, pattern }) => (pattern === undefined ? [] : [override(layer.files, [pattern])])),
    ...inner,
  ];
}

/** The layout table for docs/contributing.md, top layer first, as a reader meets them; gateway/'s folders under it. */
export function layoutMarkdown(): string {
  const layers = LAYERS.flatMap((layer) => (layer.folder === "gateway" ? [...GATEWAY_LAYERS, layer] : [layer]));
  const rows = layers.reverse().map((layer) => {
    const files = layer.files.map((file) => `\`${file}\``).join(", ");
    return `| ${layer.name} | ${files} | ${layer.purpose} |`;
  });
  return ["| layer | files | what it holds |", "|---|---|---|", ...rows].join("\n");
}

/** The markers around the generated parts, in biome.jsonc and in docs/contributing.md. */
export const BEGIN = "<layers: generated from scripts/layers/layer-table.ts>";
export const END = "</layers>";
