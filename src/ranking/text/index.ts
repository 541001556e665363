export { analyzeIdentifier, analyzeText } from "./analyze.js";
export { splitIdentifier, splitWords } from "./split-identifier.js";
export { STOP_WORDS } from "./stop-words.js";
export { countScripts, SCRIPTS, type Script } from "./scripts.js";
