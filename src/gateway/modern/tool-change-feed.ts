import { createHash } from "node:crypto";
import { errorText } from "../../errors.js";
import type { ToolDefinition } from "../../index.js";
import { MAX_CHANGED_TOOLS } from "../replicas/replica-message.js";
import type { ReplicaMessage, SessionStore } from "../replicas/session-store.js";

/** Options of {@link toolChangeFeed}. */
export interface ToolChangeFeedOptions {
  /** Every upstream tool now. */
  tools(): Promise<readonly ToolDefinition[]>;
  /** Calls its listener on each upstream change; returns what stops it. */
  watch(listener: () => void): () => void;
  /** Told the names of the tools added, changed or removed, here or on another replica. */
  changed(names: readonly string[] | "all"): void;
  /** Where replicas tell each other of their changes, and this replica's id there. */
  store?: SessionStore | undefined;
  replica?: string | undefined;
  /** Hands a listener the changes the other replicas relay (see `SessionHost.hearToolChanges`). */
  hear?: ((listener: (message: Extract<ReplicaMessage, { kind: "tools" }>) => void) => void) | undefined;
  log(line: string): void;
}

/**
 * Turns the gateway's "something changed upstream" into which tools changed (against the
 * catalogue as it last was), tells `changed`, and tells the other replicas through the store
 * (their relayed changes come back through `hear`):
 * each replica runs its own upstream connections, so a change one sees (a stdio server's
 * own list) may be another's listeners' news. Returns what stops it.
 */
export function toolChangeFeed(options: ToolChangeFeedOptions): () => void {
  const { store, replica } = options;
  let last: Promise<Map<string, string> | undefined> = snapshot(options).catch(() => undefined);
  const unwatch = options.watch(() => {
    // In turn: each change is measured against the catalogue the one before it left.
    last = last.then(async (before) => {
      const now = await snapshot(options).catch((error: unknown) => {
        options.log(`could not tell which tools changed: ${errorText(error)}`);
        return undefined;
      });
      const names = before === undefined || now === undefined ? "all" : difference(before, now);
      if (names.length === 0) return now;
      options.changed(names);
      // A catalogue that was empty is this replica's servers connecting: each replica connects its own.
      if (store !== undefined && replica !== undefined && before !== undefined && before.size > 0) {
        const tools = names === "all" || names.length > MAX_CHANGED_TOOLS ? "all" : names;
        await store.publish({ kind: "tools", replica, tools }).catch(() => undefined);
      }
      return now;
    });
  });
  options.hear?.((message) => {
    if (message.replica !== replica) options.changed(message.tools);
  });
  return unwatch;
}

/** Each tool's name and a digest of what a client is shown of it. */
async function snapshot(options: ToolChangeFeedOptions): Promise<Map<string, string>> {
  const tools = await options.tools();
  return new Map(
    tools.map((tool) => [
      tool.name,
      createHash("sha256")
        .update(
          JSON.stringify([tool.description, tool.inputSchema, tool.destructive ?? false, tool.openWorld ?? false]),
        )
        .digest("base64url"),
    ]),
  );
}

function difference(before: Map<string, string>, now: Map<string, string>): string[] {
  const names = [...now].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
  return [...names, ...[...before.keys()].filter((name) => !now.has(name))];
}
