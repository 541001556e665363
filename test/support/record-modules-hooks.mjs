// The hooks of record-modules.mjs: they run on the loader's thread, which a file reaches from
// both threads in order (appendFileSync), where a message port could arrive late.
import { appendFileSync } from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
