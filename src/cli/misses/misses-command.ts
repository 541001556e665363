import { missStoreFor, readGatewayConfig } from "../../gateway/index.js";
import { FileMissStore, PostgresMissStore, type MissRecord, type MissStore } from "../../public/learning.js";
import type { CliIo } from "../cli-io.js";
import { UsageError, type CliCommand } from "../parse-cli.js";
import { writeAtomically } from "../write-atomically.js";
import { buildMissReport, type MissReport, renderMissHtml, renderMissTable } from "./index.js";
import { isFolder } from "../../util/is-folder.js";

type MissesCommand = Extract<CliCommand, { command: "misses" }>;

/**
 * What `toolsift misses --json` prints. `enrich --from-misses` and `eval --from-misses` read
 * `misses`; `report` is what the table and the HTML page show, for a dashboard of one's own.
 */
export interface MissesJson {
  version: 1;
  misses: MissRecord[];
  report: MissReport;
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
    const report = buildMissReport(misses);
    if (command.html !== undefined) {
      writeAtomically(command.html, renderMissHtml(report));
      io.err(`toolsift misses: wrote the report page to ${command.html} (${misses.length} misses).\n`);
    }
    if (command.json) {
      const json: MissesJson = { version: 1, misses: [...misses], report };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
    } else if (command.html === undefined) io.out(renderMissTable(report));
    return 0;
  } finally {
    await store.close?.();
  }
}

function openStore(command: MissesCommand, io: CliIo): MissStore {
  const warn = (_code: string, message: string) => io.err(message);
  const { source } = command;
  if (source.kind === "store") {
    // A store folder that does not exist is a mistyped path, not a store with no misses: saying
    // "No misses recorded" would pass a typo off as a clean record.
    if (!isFolder(source.dir)) {
      throw new UsageError(
        `toolsift misses: --store ${source.dir} is not a folder. Pass the folder that holds the store's misses-v1.log (a gateway's "cacheDir", by default ~/.cache/toolsift), or --config <file> to read the store a gateway config names.`,
      );
    }
    return new FileMissStore({ cacheDir: source.dir, onWarning: warn });
  }
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
