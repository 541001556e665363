import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TOOLSIFT_VERSION } from "./version.js";

describe("TOOLSIFT_VERSION", () => {
  it("is package.json's version, so MCP servers and clients are told the version that runs", () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(TOOLSIFT_VERSION).toBe(version);
  });
});
