// Module resolution hooks that make some packages look uninstalled, so a test can check what a
// user without an optional dependency sees. Loaded by hide-packages.mjs.
let hidden = [];

export async function initialize(data) {
  hidden = data.hidden;
}

export async function resolve(specifier, context, nextResolve) {
  if (hidden.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
    const error = new Error(`Cannot find package '${specifier}' imported from ${context.parentURL}`);
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return nextResolve(specifier, context);
}
