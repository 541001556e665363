import { createHash } from "node:crypto";
import { type FSWatcher, type StatWatcher, unwatchFile, watch, watchFile } from "node:fs";
import { basename, dirname } from "node:path";
import { errorText } from "../errors.js";
import type { EnrichmentFile } from "../public/enrichment.js";
import { rereadEnrichment } from "./config/enrichment-config.js";

/** How a reload is timed: a burst of writes (an editor, a copy) is read once, after it settles. */
export interface ReloadTiming {
  /** Quiet time after the last change before the file is read. */
  debounceMs: number;
  /** How often the file's stat is polled, for file systems whose change events do not come. */
  pollMs: number;
}

const TIMING: ReloadTiming = { debounceMs: 200, pollMs: 2_000 };

/**
 * Follows the enrichment file a gateway's config names: when it changes (written in place or
 * renamed over, as `toolsift eval --apply-to` does), it is read again within its bound, checked
 * as at start, and handed to `use`, which re-indexes the catalogue; sessions go on. A file that
 * is missing or broken is refused with a warning and the enrichment in use kept. Changes come
 * from `fs.watch` on the file's folder (a rename replaces the file's inode) and, as a fallback, a
 * stat poll; both are unref'd, so they never hold the process open.
 *
 * @returns Stops following; a reload under way finishes.
 */
export function followEnrichment(
  file: string,
  /** The content read at start, and whether stale entries count. */
  initial: EnrichmentFile,
  keepStale: boolean,
  use: (source: { from: EnrichmentFile; keepStale: boolean }) => Promise<void>,
  log: (line: string) => void,
  timing: ReloadTiming = TIMING,
): () => void {
  let applied = fingerprint(initial);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const reload = async () => {
    const read = rereadEnrichment(file);
    if (!read.ok) {
      log(
        `toolsift.enrichment: ${file} changed, but it ${read.problem} Still searching with the enrichment read before.`,
      );
      return;
    }
    const seen = fingerprint(read.content);
    if (seen === applied) return;
    for (const warning of read.warnings) log(warning);
    try {
      await use({ from: read.content, keepStale });
      applied = seen;
      const count = Object.keys(read.content.tools).length;
      log(`toolsift.enrichment: reloaded ${file} (${count} tool${count === 1 ? "" : "s"}); new searches use it.`);
    } catch (error) {
      log(
        `toolsift.enrichment: ${file} could not be reloaded (${errorText(error)}); still searching with the one read before.`,
      );
    }
  };
  const run = () => {
    timer = undefined;
    if (stopped) return;
    // One reload at a time; a change during one is read once more after it.
    if (running) {
      again = true;
      return;
    }
    running = reload().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    });
  };
  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, timing.debounceMs);
    timer.unref();
  };

  const name = basename(file);
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (changed === null || changed.toString() === name) schedule();
    });
    // A watcher that fails later (its folder removed) leaves the poll to do the work.
    watcher.on("error", () => watcher?.close());
  } catch {
    watcher = undefined;
  }
  const poller: StatWatcher = watchFile(file, { interval: timing.pollMs, persistent: false }, (now, before) => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size || now.ino !== before.ino) schedule();
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    watcher?.close();
    poller.removeAllListeners();
    unwatchFile(file);
  };
}

/** A hash of what is indexed, so a touch (or a new date alone) re-indexes nothing. */
function fingerprint(content: EnrichmentFile): string {
  return createHash("sha256").update(JSON.stringify(content.tools)).digest("hex");
}
