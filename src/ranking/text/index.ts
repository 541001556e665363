export { analyzeIdentifier, analyzeName, analyzeText, joinedTerm } from "./analyze.js";
export { type LongForms, longFormTerms, longForms } from "./abbreviations.js";
export { splitIdentifier, splitWords, WORD_GAP } from "./split-identifier.js";
export { STOP_WORDS } from "./stop-words.js";
export { countScripts, type Script } from "./scripts.js";
export { productsNamed, productsOfTool } from "./product-names.js";
export { synonymTerms, TOOL_SYNONYMS } from "./tool-synonyms.js";
