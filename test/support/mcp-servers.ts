import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The stdio entry script of @modelcontextprotocol/server-everything, from its package's bin. */
export function everythingServerEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("@modelcontextprotocol/server-everything/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error("server-everything declares no bin");
  return join(dirname(manifestPath), bin);
}

/** toolsift's own test server, whose tool list changes at run time. */
export const DYNAMIC_SERVER = fileURLToPath(new URL("../fixtures/dynamic-mcp-server.mjs", import.meta.url));
