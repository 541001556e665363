import { describe, expect, it } from "vitest";
import { SETTING_KEYS } from "../gateway/config/gateway-config.js";
import { HELP } from "./help.js";

describe("toolsift serve --help", () => {
  it("shows every key of the toolsift block, so a new setting cannot go undocumented", () => {
    const missing = SETTING_KEYS.filter((key) => !HELP.serve.includes(`"${key}":`));
    expect(missing).toEqual([]);
  });
});
