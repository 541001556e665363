import { DependencyError, errorText } from "../../errors.js";

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

let loading: Promise<HnswConstructor> | undefined;

/**
 * Loads hnswlib-node on first use. It is optional: a native addon compiled at install time,
 * needed only for an HNSW index, so a missing or broken build never affects anything else.
 *
 * @throws DependencyError naming the package and how to install it.
 */
export function loadHnswlib(): Promise<HnswConstructor> {
  loading ??= import(HNSWLIB_PACKAGE).then(
    (module: { default?: { HierarchicalNSW?: unknown }; HierarchicalNSW?: unknown }) => {
      const hierarchicalNsw = module.HierarchicalNSW ?? module.default?.HierarchicalNSW;
      if (typeof hierarchicalNsw !== "function") throw new Error("it exports no HierarchicalNSW");
      return hierarchicalNsw as HnswConstructor;
    },
  );
  return loading.catch((cause: unknown) => {
    // Not cached: a package installed later is picked up by the next call.
    loading = undefined;
    const missing =
      (cause as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" && errorText(cause).includes(HNSWLIB_PACKAGE);
    throw new DependencyError(
      HNSWLIB_PACKAGE,
      missing
        ? `An HNSW vector index needs ${HNSWLIB_PACKAGE}, which is not installed. Install it with \`npm install ${HNSWLIB_PACKAGE}@${HNSWLIB_RANGE}\` ` +
            '(it compiles a native addon: it needs python3, make and a C++ compiler), or use the exact index (index: { kind: "exact" }), which needs nothing.'
        : `${HNSWLIB_PACKAGE} is installed but failed to load (${errorText(cause)}); its native build may be broken. Rebuild it with \`npm rebuild ${HNSWLIB_PACKAGE}\`, or use index: { kind: "exact" }.`,
      { cause },
    );
  });
}
