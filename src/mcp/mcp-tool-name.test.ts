import { describe, expect, it } from "vitest";
import { mcpToolName } from "./mcp-tool-name.js";

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe("mcpToolName", () => {
  it("keeps names the Anthropic API accepts, behind the server prefix", () => {
    expect(mcpToolName("github", "get_issue")).toBe("github__get_issue");
    expect(mcpToolName("fs", "read-file")).toBe("fs__read-file");
  });

  it("rewrites other characters into a valid name that differs for names that clean up alike", () => {
    const dotted = mcpToolName("files", "fs.read");
    const slashed = mcpToolName("files", "fs/read");
    for (const name of [dotted, slashed]) {
      expect(name).toMatch(TOOL_NAME);
      expect(name).toMatch(/^files__fs_read_[0-9a-f]{8}$/);
    }
    expect(dotted).not.toBe(slashed);
    expect(mcpToolName("files", "fs_read")).toBe("files__fs_read");
  });

  it("is deterministic", () => {
    expect(mcpToolName("a", "x.y.z")).toBe(mcpToolName("a", "x.y.z"));
  });

  it("shortens names that would pass 64 characters with the prefix, keeping them apart", () => {
    const base = `summarise_${"very_".repeat(20)}`;
    const one = mcpToolName("a-32-character-server-name-here2", `${base}one`);
    const two = mcpToolName("a-32-character-server-name-here2", `${base}two`);
    for (const name of [one, two]) {
      expect(name).toMatch(TOOL_NAME);
      expect(name.startsWith("a-32-character-server-name-here2__summarise_")).toBe(true);
    }
    expect(one).not.toBe(two);
  });

  it("gives a name with nothing usable a hash of its own", () => {
    expect(mcpToolName("s", "")).toMatch(/^s__[0-9a-f]{8}$/);
    expect(mcpToolName("s", "...")).toMatch(/^s__[0-9a-f]{8}$/);
    expect(mcpToolName("s", "")).not.toBe(mcpToolName("s", "..."));
  });
});
