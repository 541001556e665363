import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "./config-error.js";
import { readBoundedFile } from "./read-bounded-file.js";

const HINT = "Pass a config file.";
const problem = (file: string, max = 1024) => thrownBy(() => readBoundedFile(file, HINT, max), ConfigError).message;

describe("readBoundedFile", () => {
  it("reads a regular file, and files under /proc that say they are empty", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-read-"));
    writeFileSync(join(dir, "a.json"), '{"a": 1}');
    expect(readBoundedFile(join(dir, "a.json"), HINT, 1024)).toBe('{"a": 1}');
    expect(readBoundedFile("/proc/self/status", HINT, 64 * 1024)).toMatch(/^Name:/);
  });

  it("refuses a FIFO at once, without waiting for a writer", { timeout: 5_000 }, () => {
    const fifo = join(mkdtempSync(join(tmpdir(), "toolsift-read-")), "fifo.json");
    execFileSync("mkfifo", [fifo]);
    expect(problem(fifo)).toBe(`${fifo}: cannot be read: it is a FIFO (named pipe), not a regular file. ${HINT}`);
  });

  it("refuses devices, directories and sockets, saying what they are", async () => {
    expect(problem("/dev/zero")).toMatch(/it is a character device, not a regular file\. Pass a config file\.$/);
    expect(problem(tmpdir())).toMatch(/it is a directory, not a regular file/);
    const socket = join(mkdtempSync(join(tmpdir(), "toolsift-read-")), "s.sock");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(problem(socket)).toMatch(/it is a socket, not a regular file/);
    } finally {
      server.close();
    }
    expect(problem("/nonexistent/mcp.json")).toMatch(/cannot be read: there is no such file\. Pass a config file\.$/);
  });

  it("refuses a file over the bound before reading it, and one that turns out longer than it said", () => {
    const big = join(mkdtempSync(join(tmpdir(), "toolsift-read-")), "big.json");
    writeFileSync(big, "x".repeat(2 * 1024 * 1024 + 1));
    expect(problem(big, 2 * 1024 * 1024)).toMatch(/it holds 2097153 bytes, more than the 2 MiB toolsift reads/);
    // /proc files say they hold 0 bytes: the read itself stops at the bound.
    expect(problem("/proc/self/status", 100)).toMatch(/it holds more than the 100 bytes toolsift reads/);
  });
});
