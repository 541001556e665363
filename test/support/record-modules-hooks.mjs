// The hooks of record-modules.mjs: on the loader's thread under module.register (Node 20), in the
// process's own under module.registerHooks; a file reaches from either in order (appendFileSync),
// where a message port could arrive late.
import { appendFileSync } from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

// Synchronous, as module.registerHooks needs; the loader thread of module.register takes it too.
export function load(url, context, nextLoad) {
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
