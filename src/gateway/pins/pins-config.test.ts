import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGatewaySettings } from "../config/gateway-config.js";

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
