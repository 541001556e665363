import { describe, expect, it } from "vitest";
import { parseRoots } from "./roots-config.js";

const fail = (field: string, problem: string): never => {
  throw new Error(`${field} ${problem}`);
};

describe("parseRoots", () => {
  it("turns folder paths (relative to the config) into file: URIs and keeps given URIs and names", () => {
    expect(parseRoots(["./project", "/srv/data", { uri: "file:///opt/x", name: "x" }], "/etc/toolsift", fail)).toEqual([
      { uri: "file:///etc/toolsift/project" },
      { uri: "file:///srv/data" },
      { uri: "file:///opt/x", name: "x" },
    ]);
    expect(parseRoots(undefined, "/etc", fail)).toBeUndefined();
  });

  it.each([
    ["not a list", "./project", /toolsift\.roots must be a list/],
    ["too many", Array.from({ length: 101 }, () => "/a"), /at most 100/],
    ["an empty path", [""], /toolsift\.roots\[0\] must be a folder path/],
    ["a URI that is not file:", [{ uri: "https://example.com" }], /toolsift\.roots\[0\]\.uri must be a file: URI/],
    ["an unknown key", [{ uri: "file:///a", path: "/a" }], /toolsift\.roots\[0\]\.path is not a root setting/],
    ["a name that is not a string", [{ uri: "file:///a", name: 3 }], /toolsift\.roots\[0\]\.name must be/],
  ])("refuses %s", (_label, value, message) => {
    expect(() => parseRoots(value, "/etc", fail)).toThrow(message);
  });
});
