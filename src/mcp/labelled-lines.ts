import { StringDecoder } from "node:string_decoder";

/** A longer stderr line is cut here: a server that prints megabytes without a newline costs this much memory, no more. */
export const MAX_STDERR_LINE_CHARS = 8_192;

/**
 * Turns a child's stderr chunks into whole lines prefixed `[server] `, each written in one call:
 * several servers writing at once interleave by line, never inside one, and every line says whose
 * it is. A line past {@link MAX_STDERR_LINE_CHARS} is cut, saying how much was dropped; a last
 * line without a newline is written by {@link LabelledLines.end}.
 */
export class LabelledLines {
  private readonly decoder = new StringDecoder("utf8");
  private line = "";
  private dropped = 0;
  private ended = false;

  constructor(
    private readonly server: string,
    private readonly write: (text: string) => void,
  ) {}

  /** Takes the next chunk; writes the lines it completes. */
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

  /** Writes what is left of a last line without a newline; later chunks are ignored. */
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
    const cut = this.dropped > 0 ? ` [… ${this.dropped} more characters cut]` : "";
    this.line = "";
    this.dropped = 0;
    this.write(`[${this.server}] ${line}${cut}\n`);
  }
}
