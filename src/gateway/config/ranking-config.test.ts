import { describe, expect, it } from "vitest";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewaySettings } from "./gateway-config.js";

const settings = (block: unknown) => parseGatewaySettings(block, "/tmp/toolsift.json");

describe("toolsift.maxResultsPerServer", () => {
  it("is the library's default when absent, a whole number, or false for no cap", () => {
    expect(settings({}).maxResultsPerServer).toBeUndefined();
    expect(settings({ maxResultsPerServer: 2 }).maxResultsPerServer).toBe(2);
    expect(settings({ maxResultsPerServer: false }).maxResultsPerServer).toBe(false);
  });

  it("names the field and the fix for anything else", () => {
    for (const value of [0, 2.5, 51, "3", true, null]) {
      let error: unknown;
      try {
        settings({ maxResultsPerServer: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toMatchObject({ field: "toolsift.maxResultsPerServer" });
      expect((error as Error).message).toMatch(/whole number from 1 to 50, or false/);
    }
  });
});
