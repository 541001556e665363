// An enrichment path that is not a regular file: opening a FIFO for reading blocks until a writer
// comes, which would hang createToolSearch (and the process with it, the open being synchronous).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createToolSearch } from "../tool-search/index.js";
import { EnrichmentError } from "./parse-enrichment.js";

const TOOLS = [{ name: "jira__search", description: "Search Jira issues.", inputSchema: { type: "object" as const } }];

async function refusal(enrichment: string): Promise<EnrichmentError> {
  const error = await createToolSearch({ tools: TOOLS, enrichment }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EnrichmentError);
  return error as EnrichmentError;
}

describe("createToolSearch({ enrichment }) on a path that is not a regular file", () => {
  it("refuses a FIFO at once, without waiting for a writer, saying what it is", { timeout: 10_000 }, async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), "toolsift-enrichment-")), "enrichment.json");
    execFileSync("mkfifo", [fifo]);
    const error = await refusal(fifo);
    expect(error.code).toBe("enrichment_unreadable");
    expect(error.message).toBe(
      `The enrichment file ${fifo} cannot be read: it is a FIFO (named pipe), not a regular file. Pass the file toolsift enrich wrote.`,
    );
  });

  it("says what a directory or a device is", async () => {
    expect((await refusal(tmpdir())).message).toMatch(/cannot be read: it is a directory, not a regular file\./);
    expect((await refusal("/dev/null")).message).toMatch(
      /cannot be read: it is a character device, not a regular file\./,
    );
  });
});
