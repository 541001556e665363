import { describe, expect, it } from "vitest";
import { MAX_AUTHORIZATION_LENGTH, presentedToken } from "./bearer-token.js";

describe("presentedToken", () => {
  it("reads a bearer token in any letter case, after one space or more, trimmed", () => {
    expect(presentedToken({ authorization: "Bearer abc.DEF-_~+/==" })).toEqual({
      kind: "token",
      token: "abc.DEF-_~+/==",
    });
    expect(presentedToken({ authorization: "bEaReR   tsk_x" })).toEqual({ kind: "token", token: "tsk_x" });
    expect(presentedToken({ authorization: "  Bearer tsk_x \t" })).toEqual({ kind: "token", token: "tsk_x" });
  });

  it("tells no credential from a credential that is not a usable bearer token", () => {
    expect(presentedToken({})).toEqual({ kind: "none" });
    expect(presentedToken({ authorization: "" })).toEqual({ kind: "none" });
    const bad = { kind: "bad", reason: "not a bearer token" };
    for (const header of [
      "Basic dXNlcjpwdw==",
      "Bearer",
      "Bearer ",
      "Bearer a b",
      "Bearer a=b",
      "xBearer a",
      "Bearer a\nb",
    ])
      expect(presentedToken({ authorization: header }), header).toEqual(bad);
    expect(presentedToken({ authorization: ["Bearer a", "Bearer b"] })).toEqual(bad);
  });

  it("refuses a header past its bound before reading it, and takes one at the bound", () => {
    const token = "t".repeat(MAX_AUTHORIZATION_LENGTH - "Bearer ".length);
    expect(presentedToken({ authorization: `Bearer ${token}` })).toEqual({ kind: "token", token });
    expect(presentedToken({ authorization: `Bearer ${token}t` })).toEqual({
      kind: "bad",
      reason: "authorization header too long",
    });
  });
});
