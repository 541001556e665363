/** Where a command writes: its result to `out`, progress and errors (one line each) to `err`. */
export interface CliIo {
  out(text: string): void;
  err(line: string): void;
}

/** stdout for results, stderr for lines prefixed `toolsift: `. */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(`toolsift: ${line}\n`),
};
