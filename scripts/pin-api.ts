// Rewrites src/public/api.json, the public API that src/public/api.test.ts pins, from the
// entry points as they are: `npx tsx scripts/pin-api.ts`, then read the diff before committing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { readApiSurface } from "../test/support/api-surface.js";

const root = join(import.meta.dirname, "..");
const faces = [
  "src/index.ts",
  ...["agent", "ai", "enrichment", "gateway", "learning", "mcp", "testing"].map((face) => `src/public/${face}.ts`),
];
const files = faces.map((face) => join(root, face));
const program = ts.createProgram(files, {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  types: ["node"],
});
const surface = readApiSurface(program, files, (file) => file.startsWith(join(root, "src")));
const pinned = Object.fromEntries(
  Object.entries(surface.names).map(([file, names]) => [file.slice(root.length + 1), names]),
);
writeFileSync(join(root, "src/public/api.json"), `${JSON.stringify(pinned, null, 2)}\n`);
if (surface.unexported.length > 0)
  console.error(`Types named by public signatures but not exported:\n  ${surface.unexported.join("\n  ")}`);
