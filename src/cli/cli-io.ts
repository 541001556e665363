/** Where a command writes: its result to `out`, progress and errors (one line each) to `err`. */
export interface CliIo {
  out(text: string): void;
  err(line: string): void;
}

/** A line that already says it comes from toolsift: a usage error names its command (`toolsift serve: …`). */
const NAMES_TOOLSIFT = /^toolsift[ :]/;

/**
 * stdout for results, stderr for lines that say they come from toolsift: prefixed `toolsift: `,
 * unless they start with toolsift's name already, which would print it twice.
 */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(NAMES_TOOLSIFT.test(line) ? `${line}\n` : `toolsift: ${line}\n`),
};
