import { escapeForLog } from "../for-apps.js";
import type { Redactor } from "../gateway/index.js";

/** Where a command writes: its result to `out`, progress and errors (one line each) to `err`. */
export interface CliIo {
  out(text: string): void;
  err(line: string): void;
  /**
   * Blanks out a config's secrets (what `${NAME}` expanded) from everything written from now on:
   * a command calls it as soon as it has read the config.
   */
  redactWith?(redactor: Redactor): void;
}

/** A line that already says it comes from toolsift: a usage error names its command (`toolsift serve: …`). */
const NAMES_TOOLSIFT = /^toolsift[ :]/;

/**
 * stdout for results, stderr for lines that say they come from toolsift: prefixed `toolsift: `,
 * unless they start with toolsift's name already, which would print it twice.
 */
/**
 * `io` with every line and result passed through the redactors commands hand it, so errors
 * thrown past a command (a server's connect error naming its args) are redacted too.
 *
 * @example
 * ```ts
 * const io = redactingIo(processIo);
 * io.redactWith(config.redactor);
 * ```
 */
export function redactingIo(io: CliIo): Required<CliIo> {
  const redactors: Redactor[] = [];
  const redact = (text: string) => redactors.reduce((clean, redactor) => redactor.redact(clean), text);
  return {
    out: (text) => io.out(redact(text)),
    err: (line) => io.err(redact(line)),
    redactWith: (redactor) => {
      redactors.push(redactor);
      io.redactWith?.(redactor);
    },
  };
}

/**
 * `io` whose every stderr line is one line of a log, whatever it quotes (an upstream server's
 * stderr or error, a client's error answer): `serve`'s stderr is a log that people read and
 * services ship, where a newline or an ESC sequence from outside could forge a line or paint the
 * terminal. Wrap it inside {@link redactingIo}, so a secret is redacted as it was sent, then escaped.
 */
export function logLineIo(io: CliIo): CliIo {
  return {
    out: (text) => io.out(text),
    err: (line) => io.err(escapeForLog(line)),
    ...(io.redactWith ? { redactWith: (redactor: Redactor) => io.redactWith?.(redactor) } : {}),
  };
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(NAMES_TOOLSIFT.test(line) ? `${line}\n` : `toolsift: ${line}\n`),
};
