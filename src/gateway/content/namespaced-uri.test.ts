import { describe, expect, it } from "vitest";
import { unwrapName, unwrapUri, wrapName, wrapUri } from "./namespaced-uri.js";

describe("namespaced resource URIs", () => {
  it.each([
    ["files", "file:///srv/README.md"],
    ["files", "file:///srv/a%2Fb?x=1#frag"],
    ["a-b", "https://example.com/path/"],
    ["x", "toolsift://inner/memo://note"],
    ["x", "/"],
  ])("round-trips %s's %s verbatim", (server, uri) => {
    expect(unwrapUri(wrapUri(server, uri))).toEqual({ server, uri });
  });

  it("keeps a template's variables, so a client's expansion reads what the server's would", () => {
    const template = wrapUri("notes", "memo://notes/{id}{?lang}");
    expect(template).toBe("toolsift://notes/memo://notes/{id}{?lang}");
    const expanded = template.replace("{id}", "42").replace("{?lang}", "?lang=en");
    expect(unwrapUri(expanded)).toEqual({ server: "notes", uri: "memo://notes/42?lang=en" });
  });

  it("never confuses two servers with the same URI", () => {
    const a = unwrapUri(wrapUri("a", "file:///x"));
    const b = unwrapUri(wrapUri("b", "file:///x"));
    expect([a?.server, b?.server]).toEqual(["a", "b"]);
  });

  it.each([
    "file:///x",
    "toolsift://",
    "toolsift:///x",
    "toolsift://srv",
    "toolsift://srv/",
    "toolsift://bad__name/x",
    "toolsift://with space/x",
    "TOOLSIFT://srv/x",
  ])("refuses %s, which the gateway never made", (uri) => {
    expect(unwrapUri(uri)).toBeUndefined();
  });
});

describe("namespaced prompt names", () => {
  it.each([
    ["github", "review_pr"],
    ["a", "_leading"],
    ["a", "has__two__underscores"],
  ])("round-trips %s's %s", (server, name) => {
    expect(unwrapName(wrapName(server, name))).toEqual({ server, name });
  });

  it.each(["plain", "__x", "srv__", "bad server__x"])("refuses %s", (name) => {
    expect(unwrapName(name)).toBeUndefined();
  });
});
