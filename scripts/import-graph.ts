// The import graph between the folders of src/, as the code has it today: which folder imports
// which, how many imports, how many of them type-only, production code and tests apart. The
// layering biome.jsonc enforces was read off it; run it again after moving files.
//
//   npx tsx scripts/import-graph.ts                    folder → folder, with counts
//   npx tsx scripts/import-graph.ts --files            every import between two folders, file → file
//   npx tsx scripts/import-graph.ts --in src/gateway   the same for the folders inside src/gateway/
//
// Each part ends with the units that import each other around a loop, if any.
import { relative, resolve } from "node:path";
import { edgesBetweenUnits, unitCycles, unitOf } from "./import-edges.js";

const at = process.argv.indexOf("--in");
const ROOT = resolve(at >= 0 ? (process.argv[at + 1] ?? "src") : "src");
const between = edgesBetweenUnits(ROOT);

for (const test of [false, true]) {
  console.log(test ? "\n## tests and fixtures" : "## production code");
  const edges = between.filter((edge) => edge.test === test);
  if (process.argv.includes("--files")) {
    for (const edge of edges)
      console.log(`${relative(ROOT, edge.from)} -> ${relative(ROOT, edge.to)}${edge.typeOnly ? " (type)" : ""}`);
  } else {
    const counts = new Map<string, { imports: number; typeOnly: number }>();
    for (const edge of edges) {
      const key = `${unitOf(ROOT, edge.from)} -> ${unitOf(ROOT, edge.to)}`;
      const count = counts.get(key) ?? { imports: 0, typeOnly: 0 };
      count.imports++;
      if (edge.typeOnly) count.typeOnly++;
      counts.set(key, count);
    }
    for (const [key, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`${key}  ${count.imports}${count.typeOnly > 0 ? ` (${count.typeOnly} type-only)` : ""}`);
    }
  }
  for (const cycle of unitCycles(ROOT, edges)) console.log(`cycle: ${cycle.join(", ")}`);
}
