import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ghTool } from "../../../test/support/memory-pins.js";
import { ConfigError } from "../settings/config-error.js";
import { damagedLockFix, openToolPins } from "./open-tool-pins.js";

const hooks = { changed: () => {}, reloaded: () => {}, warn: () => {} };

describe("openToolPins", () => {
  it("opens the config's lock file under its policy, pinning what it first sees into that file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-open-pins-"));
    const lockFile = join(dir, "toolsift.lock.json");
    const pins = await openToolPins(
      { file: join(dir, "mcp.json"), settings: { onToolChange: "hide", lockFile } },
      hooks,
    );
    expect(pins.policy).toBe("hide");
    pins.scan([ghTool("echo")]);
    await pins.close();
    const reopened = await openToolPins(
      { file: join(dir, "mcp.json"), settings: { onToolChange: "hide", lockFile } },
      hooks,
    );
    expect(reopened.serves(ghTool("echo", { description: "Changed." }))).toBe(false);
    await reopened.close();
  });

  it("refuses a damaged lock, saying how to restore it or re-pin with this config", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-open-pins-"));
    const lockFile = join(dir, "toolsift.lock.json");
    writeFileSync(lockFile, '{"lockfileVersion": 9}');
    const config = join(dir, "mcp.json");
    const error = await openToolPins({ file: config, settings: { onToolChange: "warn", lockFile } }, hooks).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(
      `The lock is damaged: restore it from version control, or delete it and run toolsift pin --config ${config} to pin what the servers list now.`,
    );
    expect(damagedLockFix("x.json")).toBe(
      "restore it from version control, or delete it and run toolsift pin --config x.json to pin what the servers list now.",
    );
  });
});
