// Installs a module of loader hooks (`initialize`, and synchronous `resolve` or `load`) the way
// the running Node supports: in-thread with module.registerHooks where it exists (Node 22.15 and
// later), or on the loader thread with module.register (Node 20), which Node 26 deprecates with a
// warning on stderr that the tests reading a child's stderr would take for the child's own.
import * as nodeModule from "node:module";

// `transferList` names what in `data` must move to the loader thread (a MessagePort, say); in-thread
// hooks share the process's objects and need none.
export async function installHooks(specifier, parentURL, data, transferList = []) {
  if (typeof nodeModule.registerHooks !== "function") {
    nodeModule.register(specifier, parentURL, { data, transferList });
    return;
  }
  const hooks = await import(new URL(specifier, parentURL).href);
  hooks.initialize?.(data);
  nodeModule.registerHooks({
    ...(hooks.resolve ? { resolve: hooks.resolve } : {}),
    ...(hooks.load ? { load: hooks.load } : {}),
  });
}
