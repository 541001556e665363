/**
 * The internals the two applications on top of the library (`gateway/`, `cli/`) use besides
 * the public faces, each for a reason the faces should not carry. Not an entry point:
 * package.json does not export it, and `biome.jsonc` lets only `gateway/` and `cli/` reach
 * past the faces, through this file. Adding a name here is a decision: say why beside it.
 *
 * @module
 */

// The gateway answers search_tools over MCP in exactly the JSON a session gives the model,
// and names a missing tool the same way.
export { noSuchTool, searchAnswer, withCompanions, withSearchNotes } from "./session/index.js";
// The CLI's search and inspect show what a stub shows, and a block's size as a session counts it.
export { estimateBlockTokens, firstSentence } from "./session/index.js";
// The CLI's search says of a product no tool names what search_tools says.
export { absentNote, absentProducts } from "./session/index.js";
// inspect's lint and similarity read names and descriptions as the rankers do.
export { analyzeIdentifier, analyzeText, splitIdentifier } from "./ranking/text/index.js";
// inspect's lint finds the verb of a tool's name with the verbs search splits requests at.
export { REQUEST_VERBS } from "./ranking/query/index.js";
// The gateway's "model" setting takes as many folders to join as loadEmbedder does, and says the same bound.
export { MAX_JOINED_MODELS } from "./ranking/embedding/index.js";
// eval's task file takes a query as long as toolSearch.search does, and says the same bound.
export { MAX_REQUEST_LENGTH } from "./session/index.js";
// The CLI reads a tools file with the catalogue's own checks, one definition at a time, and
// reports a mended schema in the words the catalogue's warning uses.
export { describeMends, parseTool } from "./catalogue/index.js";
// The gateway's config holds MCP server entries, checked as fromMcp checks them; its startup
// failure combines the servers' as fromMcp does; it loads the optional MCP SDK as fromMcp does.
export { combineFailures } from "./mcp/from-mcp.js";
export { parseServerConfig } from "./mcp/mcp-server-config.js";
// The gateway loads the MCP SDK's client side first, as fromMcp does: a missing one says what to install the same way.
export { loadMcpSdk } from "./mcp/mcp-sdk.js";
// The gateway quotes a client's URI or prompt name in its errors cut as toolsift cuts server text.
export { boundText } from "./catalogue/bounded-text.js";
// The gateway's session store loads the optional pg package as the usage store does.
export { loadPgPool } from "./learning/load-pg.js";
// eval --agent reads a run's final answer from the canonical transcript, as runAgent's providers write it.
export { messageText } from "./agent/providers/canonical-blocks.js";
// The gateway's lock file and its pins hash definitions as enrichment does: canonical JSON.
export { canonicalJson } from "./catalogue/canonical-json.js";
// Every line the gateway logs escapes what upstream servers and clients sent as the stderr lines
// fromMcp passes on do, over the one set of hidden characters the confirmation and the audit log escape.
export { escapeForLog } from "./catalogue/escape-for-log.js";
export { HIDDEN_CHARACTERS } from "./catalogue/hidden-characters.js";
// toolsift model build glove prints the line that joins the folder it built with the bundled model's.
export { BUNDLED_MODEL_DIR } from "./ranking/embedding/bundled-model.js";
