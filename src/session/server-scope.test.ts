import { describe, expect, it } from "vitest";
import { MAX_SERVER_TERMS, normalizeServerName, parseServerScope } from "./server-scope.js";

describe("parseServerScope", () => {
  it("reads server: and +name terms anywhere, case-insensitively, and keeps the other words in order", () => {
    expect(parseServerScope("Server:GitHub open a +Jira pull request")).toEqual({
      text: "open a pull request",
      names: ["github", "jira"],
      written: ["GitHub", "Jira"],
      ignored: 0,
    });
    expect(parseServerScope("server: github open")).toMatchObject({ text: "open", names: ["github"] });
  });

  it("leaves ordinary words alone: a + before a digit, C++, a bare server: and no query syntax at all", () => {
    expect(parseServerScope("add +5 to C++ counter")).toMatchObject({ text: "add +5 to C++ counter", names: [] });
    expect(parseServerScope("send email")).toEqual({ text: "send email", names: [], written: [], ignored: 0 });
    expect(parseServerScope("server:")).toMatchObject({ text: "", names: [] });
  });

  it("counts a name once however it is written", () => {
    expect(parseServerScope("server:google-drive +Google_Drive server:google.drive x").names).toEqual(["google_drive"]);
  });

  it(`reads at most ${MAX_SERVER_TERMS} distinct names of a hostile query and counts the rest`, () => {
    const query = Array.from({ length: 10_000 }, (_, i) => `server:s${i}`).join(" ");
    const scope = parseServerScope(`${query} open an issue`);
    expect(scope.names).toHaveLength(MAX_SERVER_TERMS);
    expect(scope.ignored).toBe(10_000 - MAX_SERVER_TERMS);
    expect(scope.text).toBe("open an issue");
  });
});

describe("normalizeServerName", () => {
  it("lower-cases and reads runs of other characters as one underscore", () => {
    expect(normalizeServerName("Google Drive")).toBe("google_drive");
    expect(normalizeServerName("--GitHub--")).toBe("github");
    expect(normalizeServerName("ＧｉｔＨｕｂ")).toBe("github");
  });
});
