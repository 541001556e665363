// `node --import ./record-modules.mjs`: appends the URL of every module the process loads, one a
// line, to the file TOOLSIFT_RECORD_MODULES names, so a test can say which modules a program
// needed (the ES module cache cannot be listed from inside).
import { installHooks } from "./install-hooks.mjs";

await installHooks("./record-modules-hooks.mjs", import.meta.url, { file: process.env.TOOLSIFT_RECORD_MODULES });
