import type { ToolDefinition, ToolSearch } from "../../src/index.js";
import type { PinStore } from "../../src/gateway/pins/pin-store.js";
import type { ToolLock } from "../../src/gateway/pins/tool-lock.js";
import { type OnToolChange, type ToolChange, ToolPins } from "../../src/gateway/pins/tool-pins.js";
import type { McpToolHost } from "../../src/public/mcp.js";

/** A tool of the `gh` server, as a catalogue lists it. */
export const ghTool = (name: string, more: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: `gh__${name}`,
  description: `The ${name} tool.`,
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
  server: "gh",
  execute: () => "ok",
  ...more,
});

/** A pin store in memory; `failing` makes its saves throw, as a read-only lock file does. */
export function memoryStore(failing = false): PinStore & { saved: ToolLock } {
  return {
    location: "memory",
    saved: new Map(),
    async load() {
      return this.saved;
    },
    async save(lock) {
      if (failing) throw new Error("read-only");
      this.saved = new Map(lock);
    },
  };
}

/** Pins over a store, with what they reported. */
export async function openPins(policy: OnToolChange, store = memoryStore()) {
  const changes: ToolChange[] = [];
  const warnings: string[] = [];
  let reloads = 0;
  const pins = await ToolPins.open(store, policy, {
    changed: (change) => changes.push(change),
    reloaded: () => reloads++,
    warn: (line) => warnings.push(line),
    configFile: "/etc/toolsift/mcp.json",
  });
  return { pins, store, changes, warnings, reloads: () => reloads };
}

/**
 * The parts of an MCP host and a tool search that {@link ToolPins.follow} uses, over a listing the
 * test sets: `listed` is what the servers list now.
 */
export function listingHost(listed: ToolDefinition[] = []) {
  const state = { listed, refreshes: 0 };
  const host = {
    listTools: async () => state.listed,
    sourceOf: () => undefined,
  } as unknown as McpToolHost;
  const toolSearch = {
    refreshPermissions: () => {
      state.refreshes++;
    },
  } as unknown as ToolSearch;
  return { host, toolSearch, state };
}
