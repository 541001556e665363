/**
 * The flags of a repository command (`npm run model:build`, `bench:companions`, …): `--help` or
 * `-h` prints `usage` and exits 0; a flag the command does not know, or a bad value (whatever
 * `read` throws), prints the problem and `usage` and exits 2, with no stack trace. Read before
 * anything slow starts.
 *
 * @example
 * ```ts
 * const options = commandFlags("model:build", USAGE, argv, () => parseOptions(argv));
 * ```
 */
export function commandFlags<T>(command: string, usage: string, argv: readonly string[], read: () => T): T {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return read();
  } catch (error) {
    process.stderr.write(`${command}: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
}
