import { missStoreFor, readGatewayConfig } from "../../gateway/index.js";
import { FileMissStore, PostgresMissStore, type MissRecord, type MissStore } from "../../public/learning.js";
import type { CliIo } from "../cli-io.js";
import { UsageError, type CliCommand } from "../parse-cli.js";
import { missGroupsTable } from "./miss-groups.js";

type MissesCommand = Extract<CliCommand, { command: "misses" }>;

/** What `toolsift misses --json` prints: the shape `enrich --from-misses` and `eval --from-misses` read. */
export interface MissesJson {
  version: 1;
  misses: MissRecord[];
}

/**
 * `toolsift misses`: reads the misses of a store (the one a gateway config names, a file store's
 * folder, or a PostgreSQL URL), newest first, and prints them as JSON or as a table grouped by
 * request.
 */
export async function missesCommand(command: MissesCommand, io: CliIo): Promise<number> {
  const store = openStore(command, io);
  try {
    const misses = await store.misses({
      ...(command.scope === undefined ? {} : { scope: command.scope }),
      ...(command.since === undefined ? {} : { since: command.since }),
      limit: command.limit,
    });
    if (command.json) {
      const json: MissesJson = { version: 1, misses: [...misses] };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
    } else io.out(missGroupsTable(misses));
    return 0;
  } finally {
    await store.close?.();
  }
}

function openStore(command: MissesCommand, io: CliIo): MissStore {
  const warn = (_code: string, message: string) => io.err(message);
  const { source } = command;
  if (source.kind === "store") return new FileMissStore({ cacheDir: source.dir, onWarning: warn });
  if (source.kind === "postgres") return new PostgresMissStore({ connectionString: source.url, onWarning: warn });
  const config = readGatewayConfig(source.file, process.env, { enrichment: false });
  io.redactWith?.(config.redactor);
  if (config.settings.misses === false) {
    throw new UsageError(
      `toolsift misses: ${config.file} records no misses; turn them on with "toolsift": {"misses": true} (see docs/misses.md), or read a store with --store or --postgres.`,
    );
  }
  const store = missStoreFor(config.settings.misses, config.settings.cacheDir);
  store.listen?.(warn);
  return store;
}
