import { errorText } from "../../errors.js";
import { compareWithLock, damagedLockFix, FileLockStore, type ChangedTool } from "../../gateway/index.js";
import type { LoadedCatalogue } from "../load-catalogue.js";

/** What `inspect` reports about the pinned definitions of a config's tools. */
export interface PinReport {
  lockFile: string;
  /** `none`: no lock yet; `damaged`: it could not be read (`problem` says why). */
  state: "pinned" | "none" | "damaged";
  problem?: string;
  /** Listed, not pinned yet. */
  added: string[];
  /** Differing from their pin, with a bounded diff each. */
  changed: ChangedTool[];
  /** Pinned, no longer listed by a server that is up. */
  removed: string[];
  unchanged: number;
}

/** Compares a config's catalogue with its lock file, without writing anything. */
export async function pinReport(catalogue: LoadedCatalogue): Promise<PinReport> {
  const store = new FileLockStore(catalogue.settings.lockFile, damagedLockFix(catalogue.file));
  const empty = { added: [], changed: [], removed: [], unchanged: 0 };
  let lock: Awaited<ReturnType<FileLockStore["load"]>>;
  try {
    lock = await store.load();
  } catch (error) {
    return { lockFile: store.location, state: "damaged", problem: errorText(error), ...empty };
  }
  if (lock.size === 0) return { lockFile: store.location, state: "none", ...empty };
  const up = new Set(catalogue.servers.filter((server) => server.state === "connected").map((server) => server.server));
  const { added, changed, removed, unchanged } = compareWithLock(lock, catalogue.upstreamTools, (server) =>
    up.has(server),
  );
  return { lockFile: store.location, state: "pinned", added, changed, removed, unchanged };
}

/** The report as text, for after the rest of `inspect`'s. */
export function formatPinReport(report: PinReport, configFile: string): string {
  if (report.state === "none")
    return `\nPinned definitions: none yet (no ${report.lockFile}); toolsift pin --config ${configFile} records them.\n`;
  if (report.state === "damaged") return `\nPinned definitions: ${report.problem}\n`;
  const lines = [
    "",
    `Pinned definitions (${report.lockFile}): ${report.changed.length} changed, ${report.added.length} not pinned yet, ${report.removed.length} no longer listed, ${report.unchanged} unchanged.`,
  ];
  for (const tool of report.changed) {
    lines.push(`  changed  ${tool.name} (${tool.diff.fields.join(", ") || "definition"})`);
    lines.push(...tool.diff.lines.map((line) => `    ${line}`));
  }
  lines.push(...report.added.map((name) => `  new      ${name}`));
  lines.push(...report.removed.map((name) => `  removed  ${name}`));
  if (report.changed.length + report.added.length + report.removed.length > 0)
    lines.push(`Accept what the servers list now with toolsift pin --config ${configFile}.`);
  return `${lines.join("\n")}\n`;
}
