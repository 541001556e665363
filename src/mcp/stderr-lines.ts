import { StringDecoder } from "node:string_decoder";

/** A longer stderr line is cut here: a server that prints megabytes without a newline costs this much memory, no more. */
export const MAX_STDERR_LINE_CHARS = 8_192;

/**
 * Turns a child's stderr chunks into whole lines, each passed on in one call (a trailing `\r`
 * dropped): several servers writing at once interleave by line, never inside one. A line past
 * {@link MAX_STDERR_LINE_CHARS} is cut with `…`, saying how much was dropped (the `…` right
 * after the kept text, where a redactor looks for a secret cut short); a last line without a
 * newline is passed on by {@link StderrLines.end}. The lines are as the server wrote them:
 * escaping and redacting them is the receiver's.
 */
export class StderrLines {
  private readonly decoder = new StringDecoder("utf8");
  private line = "";
  private dropped = 0;
  private ended = false;

  constructor(private readonly onLine: (line: string) => void) {}

  /** Takes the next chunk; passes on the lines it completes. */
  push(chunk: Buffer): void {
    if (this.ended) return;
    let text = this.decoder.write(chunk);
    for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n")) {
      this.append(text.slice(0, newline));
      this.flush();
      text = text.slice(newline + 1);
    }
    this.append(text);
  }

  /** Passes on what is left of a last line without a newline; later chunks are ignored. */
  end(): void {
    if (this.ended) return;
    this.append(this.decoder.end());
    this.ended = true;
    if (this.line !== "" || this.dropped > 0) this.flush();
  }

  private append(text: string): void {
    const room = MAX_STDERR_LINE_CHARS - this.line.length;
    if (text.length <= room) {
      this.line += text;
      return;
    }
    this.line += text.slice(0, Math.max(0, room));
    this.dropped += text.length - Math.max(0, room);
  }

  private flush(): void {
    const line = this.line.endsWith("\r") ? this.line.slice(0, -1) : this.line;
    const cut = this.dropped > 0 ? `… [${this.dropped} more characters cut]` : "";
    this.line = "";
    this.dropped = 0;
    this.onLine(`${line}${cut}`);
  }
}
