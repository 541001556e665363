import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

const run = promisify(execFile);
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const HIDE_PACKAGES = fileURLToPath(new URL("../support/hide-packages.mjs", import.meta.url));
const SDK = "@modelcontextprotocol/client";

interface Outcome {
  ok?: boolean;
  tools?: number;
  name?: string;
  code?: string;
  packageName?: string;
  message?: string;
}

/**
 * Runs fromMcp in a child Node process whose module resolution is changed by real loader hooks:
 * `missing` makes @modelcontextprotocol/client (SDK v2's client) unresolvable, `broken` makes a package the SDK imports
 * unresolvable, `none` changes nothing (the control that proves the harness itself works).
 */
async function fromMcpIn(mode: "none" | "missing" | "broken"): Promise<Outcome> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--import", HIDE_PACKAGES, fixture("from-mcp-error.mjs"), DYNAMIC_SERVER],
    {
      env: {
        ...process.env,
        TOOLSIFT_HIDE_PACKAGES: mode === "missing" ? SDK : "",
        TOOLSIFT_BREAK_PACKAGES: mode === "broken" ? `${SDK}>zod` : "",
      },
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Outcome;
}

describe("fromMcp without the optional @modelcontextprotocol/client", () => {
  it("works when the hooks change nothing (the control)", async () => {
    expect(await fromMcpIn("none")).toMatchObject({ ok: true, tools: expect.any(Number) });
  });

  it("fails with a DependencyError that says what to install when the SDK cannot be resolved", async () => {
    const outcome = await fromMcpIn("missing");
    expect(outcome).toMatchObject({
      name: "DependencyError",
      code: "missing_dependency",
      packageName: "@modelcontextprotocol/client",
    });
    expect(outcome.message).toContain("npm install @modelcontextprotocol/client");
    expect(outcome.message).toContain("^2.4");
    expect(outcome.message).toMatch(/not installed/);
  });

  it("fails with a different DependencyError, naming the cause, when the SDK is there but does not load", async () => {
    const outcome = await fromMcpIn("broken");
    expect(outcome).toMatchObject({
      name: "DependencyError",
      code: "missing_dependency",
      packageName: "@modelcontextprotocol/client",
    });
    expect(outcome.message).toMatch(/failed to load/);
    expect(outcome.message).not.toMatch(/not installed/);
    // The real reason: the package the SDK could not find.
    expect(outcome.message).toContain("'zod'");
    expect(outcome.message).toContain("^2.4");
  });
});
