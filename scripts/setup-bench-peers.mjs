// Installs the bench's peer packages (bench/peers/package.json) when they are missing or differ
// from their lockfile. They live apart from the root install because ai 7 declares Node >= 22:
// the root `npm ci` stays warning-free on Node 20, and this install is quiet about that engine
// range on purpose (ai is only a benchmark peer here, and runs fine on Node 20).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../bench/peers/", import.meta.url));
const wanted = JSON.parse(readFileSync(`${dir}package-lock.json`, "utf8")).packages;
let installed = {};
try {
  installed = JSON.parse(readFileSync(`${dir}node_modules/.package-lock.json`, "utf8")).packages;
} catch {
  // Not installed yet.
}
const current = Object.entries(wanted).every(
  ([path, entry]) => path === "" || installed[path]?.version === entry.version,
);
if (!current) {
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
}
