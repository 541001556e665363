import { errorText } from "../../errors.js";
import { auditLine, type AuditRecordOptions } from "./audit-record.js";
import { openAuditFile, streamAuditSink, type AuditFileOptions, type AuditSink } from "./audit-sink.js";
import type { GatewayObserver } from "./gateway-event.js";

/** Options of {@link auditWriter}: what goes in a line, and how much may wait for a slow sink. */
export interface AuditWriterOptions extends AuditRecordOptions {
  /**
   * How many characters of lines may wait while the sink is busy (a slow disk). Past it, lines
   * are dropped and counted rather than held: the gateway's memory stays bounded, and the log
   * says how many it lost. @defaultValue 1 MiB
   */
  maxQueuedChars?: number;
  /** Where warnings go (dropped lines, write errors). @defaultValue stderr */
  log?: (line: string) => void;
}

/** Options of {@link openAuditLog}. */
export interface AuditLogOptions extends AuditWriterOptions, AuditFileOptions {
  /**
   * An absolute file path, or `"stderr"`.
   * @example "/var/log/toolsift/audit.jsonl"
   */
  file: string;
}

/** An audit log: an observer for {@link Gateway.start}, and its lifecycle. */
export interface AuditLog {
  /** Takes gateway events; never throws and never waits. */
  readonly observe: GatewayObserver;
  /** Lines dropped so far because the queue was full, or lost to a failed write. */
  readonly dropped: number;
  /** Resolves once every line queued so far is written (or lost to a write error). */
  flush(): Promise<void>;
  /** Writes what is queued, then closes the sink; later events are ignored. */
  close(): Promise<void>;
}

export const DEFAULT_AUDIT_QUEUE_CHARS = 1024 * 1024;

/**
 * Opens the audit log of `toolsift serve`: JSON lines, one per tool call, search, approval asked,
 * denial, failed authentication and upstream change, to a rotated 0600 file or to stderr.
 *
 * @throws `OptionsError` (`audit_file_unusable`) when the file is a symlink, not a regular file, or cannot be opened.
 * @example
 * ```ts
 * const audit = await openAuditLog({ file: "/var/log/toolsift/audit.jsonl", maxBytes: 10_000_000, keep: 5 });
 * const gateway = await Gateway.start({ config, observe: audit.observe });
 * // … at the end:
 * await audit.close();
 * ```
 */
export async function openAuditLog(options: AuditLogOptions): Promise<AuditLog> {
  const sink = options.file === "stderr" ? streamAuditSink() : await openAuditFile(options.file, options);
  return auditWriter(sink, options);
}

/**
 * Writes gateway events to a sink as JSON lines, in order, one write at a time. Events are
 * turned into lines at once (small and bounded, see {@link auditLine}) and queued; the queue is
 * bounded, so a sink slower than the events loses lines, counted, instead of holding memory,
 * and a line `{"event":"audit-dropped","count":N}` marks where.
 */
export function auditWriter(sink: AuditSink, options: AuditWriterOptions = {}): AuditLog {
  const log = options.log ?? ((line: string) => process.stderr.write(`toolsift: ${line}\n`));
  const maxQueued = options.maxQueuedChars ?? DEFAULT_AUDIT_QUEUE_CHARS;
  let queue: string[] = [];
  let queuedChars = 0;
  /** Dropped since the last marker line. */
  let droppedNow = 0;
  let droppedTotal = 0;
  let writing: Promise<void> | undefined;
  let closed = false;

  const pump = async () => {
    while (queue.length > 0 || droppedNow > 0) {
      const lines = queue;
      queue = [];
      queuedChars = 0;
      let text = lines.join("");
      if (droppedNow > 0) {
        log(`audit log: dropped ${droppedNow} line(s): events came faster than the audit log could be written.`);
        text += `${JSON.stringify({ time: new Date().toISOString(), event: "audit-dropped", count: droppedNow })}\n`;
        droppedNow = 0;
      }
      try {
        await sink.write(text);
      } catch (error) {
        droppedTotal += lines.length;
        log(`audit log: could not write ${lines.length} line(s): ${errorText(error)}`);
      }
    }
  };
  // Reset after the pump settles (a sink that throws at once must not leave it set), and restarted
  // if a line came in between.
  const start = () => {
    writing ??= pump().finally(() => {
      writing = undefined;
      if (queue.length > 0 || droppedNow > 0) start();
    });
  };

  const observe: GatewayObserver = (event) => {
    if (closed) return;
    let line: string;
    try {
      line = auditLine(event, new Date(), options);
    } catch (error) {
      // A redact function that throws must not lose the event silently.
      droppedTotal++;
      log(`audit log: could not write a ${event.type} event: ${errorText(error)}`);
      return;
    }
    if (queuedChars + line.length > maxQueued) {
      if (droppedNow === 0) log("audit log: the writer is behind; dropping lines until it catches up.");
      droppedNow++;
      droppedTotal++;
      return;
    }
    queue.push(line);
    queuedChars += line.length;
    start();
  };

  return {
    observe,
    get dropped() {
      return droppedTotal;
    },
    async flush() {
      while (writing) await writing;
    },
    async close() {
      closed = true;
      while (writing) await writing;
      await sink.close();
    },
  };
}
