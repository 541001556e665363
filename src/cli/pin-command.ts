import { errorText } from "../errors.js";
import {
  compareWithLock,
  damagedLockFix,
  FileLockStore,
  LOCAL_CALLER,
  openCatalogue,
  readGatewayConfig,
  type ToolLock,
  unattendedServerRequests,
} from "../gateway/index.js";
import type { CliIo } from "./cli-io.js";
import type { CliCommand } from "./parse-cli.js";

/**
 * `toolsift pin --config <file>`: connects to the servers once, pins what they list now in the
 * lock file (`toolsift.lockFile`), and prints what it added, changed and removed. The pins of a
 * server that did not connect are kept, and the exit code is then 1. A damaged lock is replaced,
 * with a warning: pinning anew is what the message about a damaged lock asks for.
 */
export async function pinCommand(command: Extract<CliCommand, { command: "pin" }>, io: CliIo): Promise<number> {
  // Pins judge what servers list; the enrichment (which a first toolsift enrich has not written yet) is not read.
  const config = readGatewayConfig(command.config, process.env, { enrichment: false });
  io.redactWith?.(config.redactor);
  const store = new FileLockStore(config.settings.lockFile, damagedLockFix(config.file));
  let lock: ToolLock;
  let existed = true;
  try {
    lock = await store.load();
    existed = lock.size > 0;
  } catch (error) {
    io.err(`${errorText(error)} It is replaced by the definitions the servers list now.`);
    lock = new Map();
  }
  const names = Object.keys(config.servers);
  io.err(`connecting to ${names.length} MCP server${names.length === 1 ? "" : "s"} (${names.join(", ")})…`);
  const catalogue = await openCatalogue(config, {
    reconnect: false,
    learning: false,
    // Pinning ranks nothing: the plain ranker, whatever the config's, loads no model.
    ranker: "bm25",
    onHostEvent: (event) => {
      if (event.type === "connected" || event.type === "connect-failed" || event.type === "warning")
        io.err(event.message);
    },
    warn: io.err,
    anonymous: LOCAL_CALLER,
    // Declares what serve declares: a server may list more tools to such a client, and serve pins those.
    serverRequests: await unattendedServerRequests(config, io.err),
  });
  try {
    const tools = await catalogue.host.listTools();
    const down = new Set(
      catalogue.host
        .status()
        .filter((server) => server.state !== "connected")
        .map((server) => server.server),
    );
    const result = compareWithLock(
      lock,
      tools,
      (server) => !down.has(server),
      (name) => catalogue.host.sourceOf(name)?.tool,
    );
    const touched = result.added.length + result.changed.length + result.removed.length;
    if (touched > 0 || !existed) await store.save(result.next);
    const lines = [
      `${touched === 0 ? "Nothing changed" : "Pinned"}: ${result.next.size} tool${result.next.size === 1 ? "" : "s"} in ${store.location} ` +
        `(${result.added.length} added, ${result.changed.length} changed, ${result.removed.length} removed, ${result.unchanged} unchanged).`,
      ...result.added.map((name) => `  added    ${name}`),
      ...result.changed.map((tool) => `  changed  ${tool.name} (${tool.diff.fields.join(", ") || "definition"})`),
      ...result.removed.map((name) => `  removed  ${name}`),
      ...result.kept.map((name) => `  kept     ${name} (its server did not connect, so its pin stays)`),
    ];
    io.out(`${lines.join("\n")}\n`);
    if (down.size > 0) {
      io.err(
        `${[...down].join(", ")} did not connect, so ${down.size === 1 ? "its" : "their"} tools were not pinned anew; run toolsift pin again once ${down.size === 1 ? "it is" : "they are"} up.`,
      );
      return 1;
    }
    return 0;
  } finally {
    await catalogue.close();
  }
}
