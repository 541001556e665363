/** Where progress goes: stderr by default; tests pass their own sink. */
export interface ProgressSink {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  sink?: ProgressSink;
  /** Nothing is shown for steps that finish sooner than this. @defaultValue 1000 */
  showAfterMs?: number;
  /** Without a TTY, at most one line per this interval. @defaultValue 15000 */
  lineIntervalMs?: number;
  now?: () => number;
  /** For a step whose progress cannot be counted: shows only the label and the time so far. */
  indeterminate?: boolean;
}

const BAR_WIDTH = 24;

/**
 * A progress bar for one step ("peer-ai-sdk × bfcl_v4: 812/2380"). On a TTY it redraws one
 * line in place; otherwise it prints an occasional plain line, so CI logs stay short. Steps
 * that finish within `showAfterMs` print nothing at all.
 *
 * @example
 * ```ts
 * const progress = new Progress("bm25 × seal_tools", queries.length);
 * for (const query of queries) { run(query); progress.tick(); }
 * progress.done();
 * ```
 */
export class Progress {
  private done_ = 0;
  private readonly started: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private shown = false;
  private readonly sink: ProgressSink;
  private readonly showAfterMs: number;
  private readonly lineIntervalMs: number;
  private readonly now: () => number;
  private readonly indeterminate: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    options: ProgressOptions = {},
  ) {
    this.sink = options.sink ?? process.stderr;
    this.showAfterMs = options.showAfterMs ?? 1000;
    this.lineIntervalMs = options.lineIntervalMs ?? 15_000;
    this.now = options.now ?? (() => performance.now());
    this.indeterminate = options.indeterminate ?? false;
    this.started = this.now();
  }

  tick(count = 1): void {
    this.done_ = Math.min(this.total, this.done_ + count);
    const now = this.now();
    if (now - this.started < this.showAfterMs) return;
    const interval = this.sink.isTTY ? 100 : this.lineIntervalMs;
    if (now - this.lastDraw < interval) return;
    this.lastDraw = now;
    this.draw(now);
  }

  /** Ends the step; prints a closing line only if the bar was ever shown. */
  done(): void {
    if (!this.shown) return;
    const seconds = ((this.now() - this.started) / 1000).toFixed(1);
    const line = this.indeterminate
      ? `${this.label}: done in ${seconds}s`
      : `${this.label}: ${this.done_}/${this.total} done in ${seconds}s`;
    this.sink.write(this.sink.isTTY ? `\r\x1b[2K${line}\n` : `${line}\n`);
  }

  private draw(now: number): void {
    this.shown = true;
    const share = this.total === 0 ? 1 : this.done_ / this.total;
    const elapsed = (now - this.started) / 1000;
    if (this.indeterminate) {
      const line = `${this.label} … ${elapsed.toFixed(0)}s`;
      this.sink.write(this.sink.isTTY ? `\r\x1b[2K${line}` : `${line}\n`);
    } else if (this.sink.isTTY) {
      const filled = Math.round(share * BAR_WIDTH);
      const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
      this.sink.write(`\r\x1b[2K${this.label} ${bar} ${this.done_}/${this.total} ${elapsed.toFixed(0)}s`);
    } else {
      this.sink.write(
        `${this.label}: ${this.done_}/${this.total} (${Math.round(share * 100)}%) after ${elapsed.toFixed(0)}s\n`,
      );
    }
  }
}
