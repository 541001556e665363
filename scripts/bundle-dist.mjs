// `node scripts/bundle-dist.mjs`, run by `npm run build` after tsc: rewrites the package's entry
// points (package.json's "exports" and "bin") in dist/ as bundles, with the code they share in
// dist/chunks/, and deletes the per-module JavaScript tsc wrote (its .d.ts files stay: the types
// are read module by module). Node loads a module graph file by file, and importing toolsift's
// 180 modules took about 150 ms of every process's first answer; the bundles take about 65.
// Dependencies stay imports (`packages: "external"`), source maps lead back to src/, and class
// names are kept (errors name themselves after their class).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Every JavaScript file package.json points at: the exports' "default" conditions and the bins. */
function entryPoints() {
  const targets = [
    ...Object.values(manifest.exports).map((target) => (typeof target === "string" ? target : target.default)),
    ...Object.values(manifest.bin),
  ];
  return [...new Set(targets.filter((target) => target.endsWith(".js")))].map((target) => join(root, target));
}

const entries = entryPoints();
const result = await build({
  entryPoints: entries,
  outbase: dist,
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  keepNames: true,
  sourcemap: true,
  sourcesContent: false,
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});

// What the bundles are made of is no longer needed as JavaScript; the .d.ts files stay.
const written = new Set(Object.keys(result.metafile.outputs).map((output) => resolve(root, output)));
function prune(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) prune(path);
    else if (/\.js(\.map)?$/.test(entry.name) && !written.has(path)) rmSync(path);
  }
}
prune(dist);
console.log(`bundled ${entries.length} entry points into ${relative(root, dist)}/ (${written.size} files)`);
