import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGatewaySettings } from "../config/gateway-config.js";
import { parsePinSettings } from "./pins-config.js";

describe("toolsift.onToolChange and toolsift.lockFile", () => {
  it("default to warn and toolsift.lock.json beside the config; a relative lockFile is relative to it", () => {
    expect(parseGatewaySettings(undefined, "/etc/toolsift/mcp.json")).toMatchObject({
      onToolChange: "warn",
      lockFile: join("/etc/toolsift", "toolsift.lock.json"),
    });
    expect(
      parseGatewaySettings({ onToolChange: "hide", lockFile: "pins/lock.json" }, "/etc/toolsift/mcp.json"),
    ).toMatchObject({ onToolChange: "hide", lockFile: "/etc/toolsift/pins/lock.json" });
  });

  it("refuse other values, naming the field and the choices", () => {
    expect(() => parseGatewaySettings({ onToolChange: "block" }, "mcp.json")).toThrow(
      /mcp\.json: toolsift\.onToolChange must be "warn", "hide", "reapprove".*not "block"/,
    );
    expect(() => parseGatewaySettings({ lockFile: "" }, "mcp.json")).toThrow(
      /toolsift\.lockFile must be the path of the lock file/,
    );
  });
});

describe("parsePinSettings", () => {
  const fail = (field: string, problem: string): never => {
    throw new Error(`${field} ${problem}`);
  };

  it("takes each policy, and a lockFile relative to the config's folder or as given", () => {
    for (const onToolChange of ["warn", "hide", "reapprove"])
      expect(parsePinSettings({ onToolChange }, "/etc/toolsift", fail).onToolChange).toBe(onToolChange);
    expect(parsePinSettings({ lockFile: "/var/lib/toolsift.lock.json" }, "/etc/toolsift", fail).lockFile).toBe(
      "/var/lib/toolsift.lock.json",
    );
  });

  it("refuses another policy, naming the choices and what it got", () => {
    for (const onToolChange of ["block", "Warn", 1])
      expect(() => parsePinSettings({ onToolChange }, "/etc/toolsift", fail)).toThrow(
        /^toolsift\.onToolChange must be "warn", "hide", "reapprove" \(what a tool whose definition changed since it was pinned gets\), not /,
      );
  });

  it("refuses a lockFile that is blank, no string, or holds a NUL", () => {
    for (const lockFile of ["", "   ", 5, "a\0b"])
      expect(() => parsePinSettings({ lockFile }, "/etc/toolsift", fail)).toThrow(
        /^toolsift\.lockFile must be the path of the lock file, e\.g\. "\.\/toolsift\.lock\.json", not /,
      );
  });
});
