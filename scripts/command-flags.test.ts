import { afterEach, describe, expect, it, vi } from "vitest";
import { commandFlags } from "./command-flags.js";

const USAGE = "Usage: npm run thing -- [--size N]";

/** Runs `commandFlags` with process.exit and the output streams caught: what it returned or exited with, and what it wrote. */
function run(argv: readonly string[], read: () => number) {
  const written = { stdout: "", stderr: "" };
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((written.stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((written.stderr += String(chunk)), true));
  vi.spyOn(process, "exit").mockImplementation((code) => {
    throw Object.assign(new Error("exit"), { exitCode: code });
  });
  try {
    return { value: commandFlags("thing", USAGE, argv, read), ...written };
  } catch (error) {
    return { exit: (error as { exitCode?: number }).exitCode, ...written };
  }
}

afterEach(() => vi.restoreAllMocks());

describe("commandFlags", () => {
  it("returns what the flags read when they read", () => {
    expect(run(["--size", "3"], () => 3)).toEqual({ value: 3, stdout: "", stderr: "" });
  });

  it("prints the usage and exits 0 on --help or -h, before reading anything", () => {
    const read = vi.fn(() => 1);
    for (const flag of ["--help", "-h"])
      expect(run(["--size", "3", flag], read)).toEqual({ exit: 0, stdout: `${USAGE}\n`, stderr: "" });
    expect(read).not.toHaveBeenCalled();
  });

  it("prints the problem and the usage, without a stack trace, and exits 2 when reading fails", () => {
    const outcome = run(["--sise", "3"], () => {
      throw new TypeError("Unknown option '--sise'");
    });
    expect(outcome).toEqual({ exit: 2, stdout: "", stderr: `thing: Unknown option '--sise'\n${USAGE}\n` });
  });
});
