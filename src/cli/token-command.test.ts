import { describe, expect, it } from "vitest";
import { GENERATED_TOKEN, hashToken } from "../gateway/index.js";
import { parseAuthSettings } from "../gateway/auth/auth-config.js";
import { UsageError } from "./parse-cli.js";
import { tokenCommand } from "./token-command.js";

function run(name: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = tokenCommand(
    { command: "token", action: "create", name },
    { out: (t) => out.push(t), err: (l) => err.push(l) },
  );
  return { code, out: out.join(""), err: err.join("\n") };
}

describe("toolsift token create", () => {
  it("prints a new token once, then the auth.tokens entry holding its hash, which the config accepts", () => {
    const { code, out, err } = run("ci");
    expect(code).toBe(0);
    const [token, entry, rest] = out.split("\n");
    expect(token).toMatch(GENERATED_TOKEN);
    expect(rest).toBe("");
    expect(JSON.parse(entry!)).toEqual({ name: "ci", sha256: hashToken(token!) });
    const fail = (field: string, problem: string): never => {
      throw new Error(`${field} ${problem}`);
    };
    expect(parseAuthSettings({ tokens: [JSON.parse(entry!)] }, {}, fail).tokens[0]).toMatchObject({ name: "ci" });
    expect(err).not.toContain(token!);
    expect(run("ci").out.split("\n")[0]).not.toBe(token);
  });

  it("refuses a name the config would refuse", () => {
    expect(() => run("two words")).toThrow(UsageError);
    expect(() => run("-ci")).toThrow(/cannot be used: 1 to 64 letters/);
  });
});
