import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir, writeConfig } from "../support/gateway-process.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * Audit finding "a config path that is a FIFO hangs serve, and /dev/zero is read until memory
 * runs out": the real CLI process, each run with a timeout so a regression fails instead of hanging.
 */

function toolsift(args: string[]) {
  return runToolsift(args, { timeoutMs: 20_000 });
}

describe("a config path must be a regular file of bounded size", () => {
  const fifo = join(scratchDir(), "mcp.json");
  execFileSync("mkfifo", [fifo]);

  it("serve and inspect refuse a FIFO at once instead of waiting for a writer", async () => {
    const [serve, inspect] = await Promise.all([
      toolsift(["serve", "--config", fifo]),
      toolsift(["inspect", "--tools", fifo]),
    ]);
    expect(serve).toEqual({
      code: 2,
      stdout: "",
      stderr: `toolsift: ${fifo}: cannot be read: it is a FIFO (named pipe), not a regular file. Pass the path of a JSON file with an "mcpServers" object.\n`,
    });
    expect(inspect).toMatchObject({ code: 2, stderr: expect.stringMatching(/it is a FIFO \(named pipe\)/) });
  }, 30_000);

  it("serve and search refuse /dev/zero instead of reading it until memory runs out", async () => {
    const [serve, search] = await Promise.all([
      toolsift(["serve", "--config", "/dev/zero"]),
      toolsift(["search", "--tools", "/dev/zero", "anything"]),
    ]);
    expect(serve).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/\/dev\/zero: cannot be read: it is a character device, not a regular file/),
    });
    expect(search).toMatchObject({ code: 2, stderr: expect.stringMatching(/it is a character device/) });
  }, 30_000);

  it("a config over 1 MiB is refused before it is read", async () => {
    const big = writeConfig(`{"mcpServers": {}, "pad": "${"x".repeat(1024 * 1024)}"}`);
    const run = await toolsift(["serve", "--config", big]);
    expect(run).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/holds \d+ bytes, more than the 1 MiB toolsift reads/),
    });
  }, 30_000);
});
