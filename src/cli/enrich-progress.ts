/** Where a progress display writes: raw text for a terminal's redraw, or whole lines. */
export interface ProgressSink {
  /** A terminal: `\r` redraws in place. */
  tty: boolean;
  write(text: string): void;
  line(text: string): void;
}

const WIDTH = 24;

/**
 * A progress display for `toolsift enrich` (and, by `names`, `eval --agent`) on stderr: a bar redrawn in place on a terminal, and
 * otherwise (a CI log, a file) a line at each tenth, so a log is not flooded. It shows counts
 * only, never a tool's name or a model's text.
 */
export function progressBar(
  total: number,
  sink: ProgressSink,
  names: { command: string; units: string } = { command: "enrich", units: "tools" },
): { update(done: number): void; end(): void } {
  let tenth = 0;
  let drawn = false;
  return {
    update(done) {
      if (total === 0) return;
      const share = Math.min(1, done / total);
      const percent = Math.floor(share * 100);
      if (sink.tty) {
        const filled = Math.round(share * WIDTH);
        sink.write(
          `\rtoolsift: ${names.command} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total} (${percent}%)`,
        );
        drawn = true;
        return;
      }
      const reached = Math.floor(share * 10);
      if (reached > tenth || done === total) {
        tenth = reached;
        sink.line(`${names.command}: ${done}/${total} ${names.units} (${percent}%)`);
      }
    },
    end() {
      if (drawn) sink.write("\n");
      drawn = false;
    },
  };
}
