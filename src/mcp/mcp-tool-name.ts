import { createHash } from "node:crypto";

const MAX_NAME_LENGTH = 64;
const SAFE_TOOL_NAME = /^[a-zA-Z0-9_-]+$/;
const HASH_LENGTH = 8;

/**
 * The catalogue name of MCP tool `tool` of server `server`: `server__tool`.
 *
 * MCP allows tool names the Anthropic API rejects (dots, slashes, up to 128 characters). Such a
 * name is rewritten deterministically: runs of other characters become `_`, the result is cut to
 * fit 64 characters, and 8 hex digits of the SHA-256 of the original name are appended, so two
 * names that clean up alike (`a.b`, `a/b`) still differ and the same tool keeps its name across
 * restarts. Names that are already acceptable are used unchanged.
 *
 * @param server - A name that passed `assertServerName` (at most 32 characters).
 * @example
 * ```ts
 * mcpToolName("github", "get_issue");   // "github__get_issue"
 * mcpToolName("files", "fs.read/text"); // "files__fs_read_text_" + 8 hex digits
 * ```
 */
export function mcpToolName(server: string, tool: string): string {
  const prefix = `${server}__`;
  if (SAFE_TOOL_NAME.test(tool) && prefix.length + tool.length <= MAX_NAME_LENGTH) {
    return prefix + tool;
  }
  const hash = createHash("sha256").update(tool).digest("hex").slice(0, HASH_LENGTH);
  const room = MAX_NAME_LENGTH - prefix.length - HASH_LENGTH - 1;
  const stem = tool
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .slice(0, Math.max(room, 0))
    .replace(/^_+|_+$/g, "");
  return stem === "" ? prefix + hash : `${prefix}${stem}_${hash}`;
}
