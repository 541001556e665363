import { describe, expect, it } from "vitest";
import { expandVariables } from "./expand-variables.js";

describe("expandVariables", () => {
  const env = { TOKEN: "t0k", EMPTY: "" };

  it("fills in ${NAME}, ${env:NAME} and ${NAME:-default}", () => {
    expect(expandVariables("Bearer ${TOKEN}", env)).toEqual({ ok: true, value: "Bearer t0k" });
    expect(expandVariables("${env:TOKEN}/${EMPTY}", env)).toEqual({ ok: true, value: "t0k/" });
    expect(expandVariables("${MISSING:-fallback}", env)).toEqual({ ok: true, value: "fallback" });
    expect(expandVariables("no variables, $HOME stays", env)).toEqual({ ok: true, value: "no variables, $HOME stays" });
  });

  it("tells which values came from the environment (defaults are in the file, so not)", () => {
    const expanded: [string, string][] = [];
    const result = expandVariables("${TOKEN}:${env:TOKEN}:${MISSING:-fallback}", env, (name, value) =>
      expanded.push([name, value]),
    );
    expect(result).toEqual({ ok: true, value: "t0k:t0k:fallback" });
    expect(expanded).toEqual([
      ["TOKEN", "t0k"],
      ["TOKEN", "t0k"],
    ]);
  });

  it("names an unset variable and how to give it a default", () => {
    const result = expandVariables("${GITHUB_TOKEN}", env);
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining("GITHUB_TOKEN is not set") });
    expect(result).toMatchObject({ problem: expect.stringContaining("${GITHUB_TOKEN:-value}") });
  });

  it("refuses VS Code input prompts and other forms it cannot fill", () => {
    expect(expandVariables("${input:token}", env)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/VS Code input/),
    });
    expect(expandVariables("${workspaceFolder/x}", env)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/cannot fill in/),
    });
  });
});
