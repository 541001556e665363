import { optionalPackage, requireExports } from "../../util/optional-package.js";

/** The slice of hnswlib-node's API the HNSW index uses, so no type of the optional package is exported. */
export interface HierarchicalNsw {
  initIndex(options: {
    maxElements: number;
    m: number;
    efConstruction: number;
    randomSeed: number;
    allowReplaceDeleted: boolean;
  }): void;
  readIndex(path: string, allowReplaceDeleted: boolean): Promise<boolean>;
  writeIndex(path: string): Promise<boolean>;
  addPoint(point: number[], label: number): void;
  markDelete(label: number): void;
  searchKnn(
    query: number[],
    k: number,
    filter?: (label: number) => boolean,
  ): { neighbors: number[]; distances: number[] };
  setEf(ef: number): void;
  getIdsList(): number[];
  getPoint(label: number): number[];
  getCurrentCount(): number;
  getMaxElements(): number;
  resizeIndex(maxElements: number): void;
}
export type HnswConstructor = new (space: "cosine", dimensions: number) => HierarchicalNsw;

export const HNSWLIB_PACKAGE = "hnswlib-node";
const HNSWLIB_RANGE = "^3.0.0";

const hnswlib = optionalPackage({
  name: HNSWLIB_PACKAGE,
  range: HNSWLIB_RANGE,
  load: () =>
    import(HNSWLIB_PACKAGE) as Promise<{ default?: { HierarchicalNSW?: unknown }; HierarchicalNSW?: unknown }>,
  pick: (module) => {
    const found = module.HierarchicalNSW ?? module.default?.HierarchicalNSW;
    return requireExports({ HierarchicalNSW: typeof found === "function" ? found : undefined })
      .HierarchicalNSW as HnswConstructor;
  },
});

/**
 * Loads hnswlib-node on first use. It is optional: a native addon compiled at install time,
 * needed only for an HNSW index, so a missing or broken build never affects anything else.
 *
 * @throws DependencyError naming the package and how to install it.
 */
export function loadHnswlib(): Promise<HnswConstructor> {
  return hnswlib({
    neededBy: "An HNSW vector index",
    whenMissing:
      "It compiles a native addon: it needs python3, make and a C++ compiler. Or use the exact index " +
      '(index: { kind: "exact" }), which needs nothing.',
    whenBroken: `Its native build may be broken: rebuild it with \`npm rebuild ${HNSWLIB_PACKAGE}\`, or use index: { kind: "exact" }.`,
  });
}
