// Module resolution hooks that make packages look uninstalled, so a test can check what a user
// without an optional dependency sees. They make Node's own resolver fail for real, by resolving
// the package from a directory that has no node_modules. Loaded by hide-packages.mjs.
// - `hidden`: these packages cannot be found anywhere, as in a project that never installed them;
// - `broken`: [package, dependency] pairs: the package is found, but not that dependency when the
//   package imports it, as in a damaged or partial install.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

let hidden = [];
let broken = [];
let nowhere = "";

export function initialize(data) {
  hidden = data.hidden;
  broken = data.broken;
  // A file in a directory that does not exist: resolving a bare name from it finds no node_modules.
  nowhere = pathToFileURL(join(tmpdir(), "toolsift-no-such-directory", "nowhere.mjs")).href;
}

const names = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);

export function resolve(specifier, context, nextResolve) {
  const hide =
    hidden.some((name) => names(specifier, name)) ||
    broken.some(
      ([from, dependency]) => names(specifier, dependency) && context.parentURL?.includes(`/node_modules/${from}/`),
    );
  return nextResolve(specifier, hide ? { ...context, parentURL: nowhere } : context);
}
