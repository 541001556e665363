import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TOOLSIFT_SERVERS_PATH } from "./build-toolsift-servers.js";

const script = fileURLToPath(new URL("./check-dataset-file.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tsx, [script, ...args], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("check-dataset-file", () => {
  it("prints the report of a valid dataset and exits 0", () => {
    const result = run(TOOLSIFT_SERVERS_PATH);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^tools \d+ across \d+ servers$/m);
  });

  it("exits 1 and names the problem when a file is broken", () => {
    const path = join(mkdtempSync(join(tmpdir(), "toolsift-dataset-")), "broken.json");
    writeFileSync(
      path,
      JSON.stringify({
        source: "x",
        license: "MIT",
        tools: [],
        queries: [{ query: "q", expected: ["nope"], kind: "direct" }],
      }),
    );
    const result = run(path);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('problem: queries[0].expected names "nope", which is not a tool in the dataset');
  });

  it("explains its usage when given no file", () => {
    const result = run();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage:");
  });
});
